// Checkpoints (exact restart) and the byte-level tools the results format shares.
export * from './binary'
export * from './fingerprint'
export * from './checkpoint'
