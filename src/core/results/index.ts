// Results files: what a replay needs (docs/file-formats.md).
export * from './format'
export * from './writer'
export * from './reader'
export * from './branchPrefix'
