// The Electron main-process modules with their Electron dependencies injected (the Electron binary
// cannot run here): menu template, window hardening and close prompt, utilityProcess launcher and port
// hand-over, command line, recent files.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { projectFileFromUrl, projectFilesFromArgv } from '../../../src/main/commandLine'
import {
  electronSolverLauncher,
  handOverEventPort,
  type ElectronSolverChannel,
} from '../../../src/main/electronSolver'
import { buildMenuTemplate, type MenuCommand, type MenuItemTemplate } from '../../../src/main/menu'
import { createRecentFiles } from '../../../src/main/recentFiles'
import { guardClose, guardNavigation, secureWebPreferences } from '../../../src/main/window'

function menuFor(platform: NodeJS.Platform, recentFiles: string[] = []) {
  const commands: MenuCommand[] = []
  const opened: string[] = []
  const template = buildMenuTemplate({
    run: (command) => commands.push(command),
    openRecent: (path) => opened.push(path),
    clearRecent: () => undefined,
    recentFiles,
    platform,
  })
  const find = (menu: string, label: string) =>
    template.find((m) => m.label === menu)?.submenu?.find((item) => item.label === label) as MenuItemTemplate
  return { template, commands, opened, find }
}

describe('menu', () => {
  it('has File, Edit, Simulation, View and Help with the usual shortcuts', () => {
    const { template, find } = menuFor('linux')
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'Simulation', 'View', 'Help'])
    expect(find('File', 'New').accelerator).toBe('CmdOrCtrl+N')
    expect(find('File', 'Open…').accelerator).toBe('CmdOrCtrl+O')
    expect(find('File', 'Save').accelerator).toBe('CmdOrCtrl+S')
    expect(find('File', 'Save As…').accelerator).toBe('CmdOrCtrl+Shift+S')
    expect(find('File', 'Revert')).toBeDefined()
    expect(find('Edit', 'Undo').accelerator).toBe('CmdOrCtrl+Z')
    expect(find('Edit', 'Redo').accelerator).toBe('Ctrl+Y')
    for (const label of ['Run', 'Pause', 'Stop', 'Step', 'Static Equilibrium'])
      expect(find('Simulation', label).accelerator).toBeTruthy()
  })

  it('runs the command of a clicked item', () => {
    const { commands, find } = menuFor('linux')
    find('Simulation', 'Run').click!()
    find('File', 'Save As…').click!()
    find('Edit', 'Undo').click!()
    find('Simulation', 'Restart Solver').click!()
    expect(commands).toEqual(['run', 'saveAs', 'undo', 'restartSolver'])
  })

  it('lists recent files and opens them', () => {
    const { opened, find } = menuFor('darwin', ['/a.mbsproj', '/b.mbsproj'])
    const recent = find('File', 'Open Recent').submenu!
    expect(recent.map((item) => item.label)).toEqual(['/a.mbsproj', '/b.mbsproj', undefined, 'Clear Recent'])
    recent[1].click!()
    expect(opened).toEqual(['/b.mbsproj'])
    expect(menuFor('linux').find('File', 'Open Recent').submenu![0]).toMatchObject({ enabled: false })
  })

  it('adds the app menu on macOS', () => {
    expect(menuFor('darwin').template[0]).toEqual({ role: 'appMenu' })
  })
})

describe('window', () => {
  it('runs the renderer sandboxed, isolated and without Node', () => {
    expect(secureWebPreferences('/p.js')).toEqual({
      preload: '/p.js',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    })
  })

  it('denies new windows, cancels navigation and opens a dropped project file', () => {
    let openHandler: (() => { action: string }) | undefined
    let navigate: ((event: { preventDefault(): void }, url: string) => void) | undefined
    const opened: string[] = []
    guardNavigation(
      {
        setWindowOpenHandler: (handler) => (openHandler = handler),
        on: (_event, listener) => (navigate = listener),
      },
      (path) => opened.push(path),
    )
    expect(openHandler!()).toEqual({ action: 'deny' })
    const file = join(tmpdir(), 'dropped model.mbsproj')
    for (const url of ['https://example.com/', pathToFileURL(file).href, pathToFileURL('/etc/passwd').href]) {
      const preventDefault = vi.fn()
      navigate!({ preventDefault }, url)
      expect(preventDefault).toHaveBeenCalledOnce()
    }
    expect(opened).toEqual([file])
  })
})

/** A window whose close() emits 'close' as Electron's does, counting the closes that went through. */
function fakeWindow() {
  let listener: ((event: { preventDefault(): void }) => void) | undefined
  const win = {
    closed: 0,
    on: (_event: 'close', l: typeof listener) => (listener = l),
    close() {
      let prevented = false
      listener!({ preventDefault: () => (prevented = true) })
      if (!prevented) win.closed++
    },
  }
  return win
}

describe('window close', () => {
  it('closes only when the unsaved-changes question allows it, asking once per close', async () => {
    const answers: ((ok: boolean) => void)[] = []
    const win = fakeWindow()
    guardClose(win, () => new Promise((resolve) => answers.push(resolve)))
    win.close()
    win.close() // a second click while the question is open asks nothing more
    expect(answers).toHaveLength(1)
    answers[0](false) // Cancel
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(win.closed).toBe(0)
    win.close()
    expect(answers).toHaveLength(2)
    answers[1](true) // Save (done) or Don't save
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(win.closed).toBe(1)
  })

  it('keeps the window when the question fails', async () => {
    const win = fakeWindow()
    guardClose(win, () => Promise.reject(new Error('dialog failed')))
    win.close()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(win.closed).toBe(0)
  })
})

describe('command line', () => {
  it('takes project files and skips switches and the app', () => {
    expect(projectFilesFromArgv(['.', '--inspect', 'a.mbsproj', '/x/B.MBSPROJ', 'notes.txt'])).toEqual([
      'a.mbsproj',
      '/x/B.MBSPROJ',
    ])
    expect(projectFileFromUrl('http://127.0.0.1/a.mbsproj')).toBeNull()
  })
})

describe('utilityProcess solver', () => {
  function fakeUtilityProcess() {
    const listeners: Record<string, ((value: unknown) => void)[]> = {}
    const posted: { message: unknown; transfer?: unknown[] }[] = []
    const child = {
      postMessage: (message: unknown, transfer?: unknown[]) => posted.push({ message, transfer }),
      on: (event: string, listener: (value: unknown) => void) => (listeners[event] ??= []).push(listener),
      kill: vi.fn(() => true),
    }
    const emit = (event: string, value: unknown) => listeners[event]?.forEach((listener) => listener(value))
    return { child, posted, emit }
  }

  it('forks the entry, relays messages and reports a crash but not its own kill', () => {
    const fake = fakeUtilityProcess()
    const fork = vi.fn(() => fake.child)
    const channel = electronSolverLauncher(
      fork as never,
      '/out/main/solver-process.js',
    )() as ElectronSolverChannel
    expect(fork).toHaveBeenCalledWith(
      '/out/main/solver-process.js',
      [],
      expect.objectContaining({ stdio: 'inherit' }),
    )
    const received: unknown[] = []
    const exits: string[] = []
    channel.onMessage((message) => received.push(message))
    channel.onExit((description) => exits.push(description))
    channel.send({ kind: 'request', protocolVersion: 1, id: 1, method: 'getStatus' })
    fake.emit('message', { kind: 'ready', protocolVersion: 1, pid: 1 })
    fake.emit('exit', 9)
    expect(fake.posted[0].message).toMatchObject({ method: 'getStatus' })
    expect(received).toEqual([{ kind: 'ready', protocolVersion: 1, pid: 1 }])
    expect(exits).toEqual(['exit code 9'])
    channel.kill()
    fake.emit('exit', 0)
    expect(exits).toEqual(['exit code 9'])
  })

  it('hands one end of a new channel to the solver process and the other to the renderer', () => {
    const fake = fakeUtilityProcess()
    const channel = electronSolverLauncher((() => fake.child) as never, 'entry.js')() as ElectronSolverChannel
    const toRenderer: string[] = []
    handOverEventPort(
      channel,
      () => ({ port1: 'solver end', port2: 'renderer end' }),
      (port) => toRenderer.push(port),
    )
    expect(fake.posted).toEqual([{ message: { kind: 'attachPort' }, transfer: ['solver end'] }])
    expect(toRenderer).toEqual(['renderer end'])
  })
})

describe('recent files', () => {
  it('keeps the newest ten, without duplicates, across restarts', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mbs-recent-')), 'recent.json')
    const recent = createRecentFiles(file)
    for (let i = 0; i < 12; i++) recent.add(`/m${i}.mbsproj`)
    recent.add('/m5.mbsproj')
    const reloaded = createRecentFiles(file).list()
    expect(reloaded[0]).toBe('/m5.mbsproj')
    expect(reloaded).toHaveLength(10)
    expect(new Set(reloaded).size).toBe(10)
    recent.clear()
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([])
  })
})
