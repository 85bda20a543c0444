// Vite's ?raw imports: the file's text, bundled at build time (the Help dialog shows docs/ui.md).
declare module '*.md?raw' {
  const text: string
  export default text
}
