// Saves a file from the renderer: a download in a browser; Electron asks where with its save dialog
// (its default for a download the main process does not handle).
export function download(name: string, url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
}

/** Saves text as a file of the given type (e.g. 'text/csv'). */
export function downloadText(name: string, text: string, type: string): void {
  download(name, URL.createObjectURL(new Blob([text], { type })))
}
