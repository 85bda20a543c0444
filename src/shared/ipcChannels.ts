// Electron IPC channel names shared by src/main and src/preload.
export const IPC_REQUEST = 'mbs:request'
export const IPC_EVENT = 'mbs:event'
/** Main -> renderer: the renderer's end of a MessageChannel whose other end is in the solver process. */
export const IPC_EVENT_PORT = 'mbs:event-port'
