// Sandboxed preload: exposes exactly one object, window.mbs, implementing MbsApi over IPC.
import { contextBridge, ipcRenderer } from 'electron'
import { createMbsApi, type EventListener } from '../shared/api'
import { IPC_EVENT, IPC_REQUEST } from '../shared/ipcChannels'
import { unwrapResponse, type EventMessage, type ResponseMessage } from '../shared/protocol'

let nextId = 1

const api = createMbsApi({
  async request(method, params) {
    const response = (await ipcRenderer.invoke(IPC_REQUEST, {
      id: nextId++,
      method,
      params,
    })) as ResponseMessage
    return unwrapResponse(response)
  },
  onEvent(listener: EventListener) {
    const forward = (_event: Electron.IpcRendererEvent, message: EventMessage) => listener(message)
    ipcRenderer.on(IPC_EVENT, forward)
    return () => void ipcRenderer.off(IPC_EVENT, forward)
  },
})

contextBridge.exposeInMainWorld('mbs', api)
