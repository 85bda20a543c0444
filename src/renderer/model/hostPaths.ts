// Paths on the host's disk as the renderer handles them, without Node's path module: POSIX paths,
// and Windows paths (C:\models\a.mbsproj) when the Electron host runs there.

/** The separator a host path uses: a backslash only for a path without any slash. */
export const separatorOf = (path: string): '/' | '\\' =>
  path.includes('\\') && !path.includes('/') ? '\\' : '/'

/** /a, C:\a, C:/a or \\server\share. */
export const isAbsolutePath = (path: string): boolean => /^([/\\]|[A-Za-z]:[/\\])/.test(path)

/** `name` inside `dir`, unless `name` is absolute already. */
export function joinPath(dir: string, name: string): string {
  if (isAbsolutePath(name)) return name
  const sep = separatorOf(dir)
  return dir.endsWith(sep) ? dir + name : `${dir}${sep}${name}`
}

/** The folder and the name of a path ("/a/b.mbsproj" gives "/a" and "b.mbsproj"). */
export function splitPath(path: string): { dir: string; name: string } {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'))
  if (cut < 0) return { dir: '', name: path }
  // The root keeps its separator ("/", "C:\").
  const dir =
    path.slice(0, cut) === '' || /^[A-Za-z]:$/.test(path.slice(0, cut))
      ? path.slice(0, cut + 1)
      : path.slice(0, cut)
  return { dir, name: path.slice(cut + 1) }
}

/** The folders from `root` down to `dir` (inside it), each with its path: the file browser's breadcrumbs. */
export function breadcrumbs(root: string, dir: string): { name: string; path: string }[] {
  const crumbs = [{ name: splitPath(root).name || root, path: root }]
  const rest = dir.slice(root.length).split(/[/\\]/).filter(Boolean)
  let path = root
  for (const name of rest) {
    path = joinPath(path, name)
    crumbs.push({ name, path })
  }
  return crumbs
}

/** `path` with the extension `ext` (".png") added when its name has none; throws on another one. */
export function withExtension(path: string, ext: string): string {
  const { name } = splitPath(path)
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return path + ext
  if (name.slice(dot).toLowerCase() === ext.toLowerCase()) return path
  throw new Error(`${name}: expected a file name ending in ${ext}`)
}
