// Electron IPC channel names shared by src/main and src/preload.
export const IPC_REQUEST = 'mbs:request'
export const IPC_EVENT = 'mbs:event'
