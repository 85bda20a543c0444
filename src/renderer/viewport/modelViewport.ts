// The 3D view: a right-handed world with a ground grid and XYZ axes, drawing the engine's neutral
// graphics. Up (orbiting, presets, grid, lights) is a world axis the caller sets (upAxis.ts). Boxes,
// spheres and cylinders are thin instances of one unit mesh per shape, so a thousand bodies are three
// draw calls; lines (springs as helices, node and marker frames, traces) are one line system. Deep imports
// only: the @babylonjs/core barrel costs 15 s of build and 10 MB.
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera'
import '@babylonjs/core/Culling/ray'
import { Engine } from '@babylonjs/core/Engines/engine'
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight'
import { DirectionalLight } from '@babylonjs/core/Lights/directionalLight'
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial'
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color'
import { Matrix, Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector'
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder'
import { CreateCylinder } from '@babylonjs/core/Meshes/Builders/cylinderBuilder'
import { CreateLineSystem } from '@babylonjs/core/Meshes/Builders/linesBuilder'
import { CreateIcoSphere } from '@babylonjs/core/Meshes/Builders/icoSphereBuilder'
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder'
import type { LinesMesh } from '@babylonjs/core/Meshes/linesMesh'
import type { Mesh } from '@babylonjs/core/Meshes/mesh'
import '@babylonjs/core/Meshes/thinInstanceMesh'
import { Scene } from '@babylonjs/core/scene'
import type { GraphicsItem, GraphicsPrimitive } from '../../core'
import { createTriangleMeshes } from './triangleMeshes'
import { createMeshFiles, type MeshSource } from './meshFiles'
import {
  DEFAULT_UP,
  inFrame,
  presetDirection,
  viewFrame,
  type UpAxis,
  type Vec3,
  type ViewPreset,
} from './upAxis'
import {
  buildLines,
  INSTANCE_SHAPES,
  instanceShapes,
  type InstanceBuffers,
  type InstanceShape,
  type LineSet,
} from './primitives'

const BACKGROUND = new Color4(0.118, 0.122, 0.133, 1)
/** Half the grid's edge at least; doubled until the fitted model fits on it (gridHalfSize). */
const GRID_HALF_SIZE = 4 // m
/** Minor lines per half edge (0.25 m on the 4 m grid), every fourth a major one (1 m). */
const GRID_STEPS = 16
const AXIS_LENGTH = 1 // m
const SELECTED = [0.35, 0.75, 1, 1]
/** Opacity of the other runs' bodies (ghosts): the run shown stays readable through them. */
const GHOST_ALPHA = 0.35
/**
 * Sines of the view's elevation over the grid plane between which the grid fades in: hidden below
 * 2 degrees (seen edge-on its lines alias into a stack of horizontal lines), fully drawn from 8.
 */
const GRID_FADE = [Math.sin((2 * Math.PI) / 180), Math.sin((8 * Math.PI) / 180)]
/** Pointer travel (CSS px) up to which a press and release is a click, not a drag. */
const CLICK_SLOP = 5

/** Item kinds the user can show or hide ("object" covers bodies and connectors; "link": jointLinks.ts). */
export type VisibleKind = 'node' | 'object' | 'marker' | 'load' | 'sensor' | 'link'

export interface ModelViewport {
  /** Draws the graphics; item ids are the engine's "object:3" etc. */
  draw(items: GraphicsItem[]): void
  /**
   * Draws what `produce` returns just before the next frame is rendered. Calls in between replace each
   * other: frames of a run or a replay that arrive faster than the view renders cost nothing.
   */
  drawBeforeNextFrame(produce: () => GraphicsItem[]): void
  setSelection(ids: ReadonlySet<string>): void
  setHidden(kinds: ReadonlySet<VisibleKind>): void
  /** Graphics of other runs drawn translucent (not pickable, not part of Fit); [] removes them. */
  setGhosts(items: GraphicsItem[]): void
  /** Polylines of traced points (x, y, z, ...), drawn in their own colour. */
  setTraces(traces: number[][]): void
  view(preset: ViewPreset): void
  /**
   * Makes `up` the view's up: orbiting turns about it, presets are taken around it, the grid lies
   * normal to it. A change turns the camera to the iso view around the same target.
   */
  setUp(up: UpAxis): void
  zoomToFit(): void
  /** Called with the item id under a click (null: empty space) and whether Ctrl/Cmd was held. */
  onPick(listener: (id: string | null, extend: boolean) => void): void
  /** Frames rendered in the last second (0 while nothing changes: the view renders on demand). */
  fps(): number
  /**
   * Mean main-thread time (ms) of the frames rendered in the last second (0 when none): turning the
   * newest frame into graphics plus scene.render(), including the GL calls that wait on the GPU process.
   */
  frameCpuMs(): number
  /**
   * Renders pictures of width x height pixels whatever the view's size (a screenshot, a video's
   * frames): while `work` runs, the drawing buffer has that size (the view's aspect follows it) and
   * `frame(items)` draws the items (null: what is drawn now), renders and answers the canvas holding
   * the picture. Then the view returns to its size and its grid. Throws naming the limit when WebGL
   * cannot render that large.
   */
  capture<T>(
    size: CaptureSize,
    work: (frame: (items: GraphicsItem[] | null) => Promise<HTMLCanvasElement>) => Promise<T>,
  ): Promise<T>
  /** True when WebGL runs in software (no GPU): the view then draws without antialiasing. */
  readonly softwareRendering: boolean
  dispose(): void
}

export interface CaptureSize {
  width: number
  height: number
  /** Alpha 0 where nothing is drawn, instead of the background colour. */
  transparent: boolean
  /** Draw the ground grid (as the view does). */
  grid: boolean
}

/**
 * axisLabels: elements over the canvas that follow the X, Y and Z axis tips; meshSource: where the
 * mesh files of 'meshFile' primitives come from.
 */
export function createModelViewport(
  canvas: HTMLCanvasElement,
  axisLabels: HTMLElement[],
  meshSource: MeshSource,
): ModelViewport {
  // Multisampling costs software WebGL about a third of a frame with 1000 bodies (docs/ui.md).
  const softwareRendering = isSoftwareWebGL()
  const engine = new Engine(canvas, !softwareRendering, { stencil: true, preserveDrawingBuffer: true }, true)
  const scene = new Scene(engine)
  scene.useRightHandedSystem = true
  scene.clearColor = BACKGROUND
  scene.skipPointerMovePicking = true

  // Turned to the iso view by applyUp below.
  const camera = new ArcRotateCamera('camera', 0, Math.PI / 2, 6, Vector3.Zero(), scene)
  camera.lowerRadiusLimit = 0.05
  camera.wheelDeltaPercentage = 0.02
  camera.panningSensibility = 600
  camera.minZ = 0.01
  camera.attachControl(canvas, true)

  const hemi = new HemisphericLight('light', Vector3.Up(), scene)
  hemi.intensity = 0.75
  hemi.groundColor = new Color3(0.3, 0.3, 0.33)
  const sun = new DirectionalLight('sun', Vector3.Down(), scene)
  sun.intensity = 0.45

  let gridHalf = GRID_HALF_SIZE
  let grid = createGrid(scene, gridHalf)
  let gridRotation = Quaternion.Identity()
  const axes = createAxes(scene)
  axes.forEach(({ color }, i) => axisLabels[i]?.style.setProperty('color', color.toHexString()))

  const shapes = createInstanceMeshes(scene)
  const triangleMeshes = createTriangleMeshes(scene)
  // A file that finished loading replaces its placeholders: draw again.
  const meshFiles = createMeshFiles(scene, meshSource, () => redraw())
  const lines = createLineSet(scene, 'lines')
  const traceLines = createLineSet(scene, 'traces')
  const ghostShapes = createInstanceMeshes(scene, 'ghosts', GHOST_ALPHA)
  const ghostLines = createLineSet(scene, 'ghostLines')
  let ghostInstances: Record<InstanceShape, InstanceBuffers> | undefined
  let current: GraphicsItem[] = []
  let instances: Record<InstanceShape, InstanceBuffers> | undefined
  let pendingDraw: (() => GraphicsItem[]) | null = null
  /** Something on screen changed since the last render (the view renders only then). */
  let dirty = true
  const recentFrames = createFrameStats()
  /** The instance bounding boxes lag behind the instances (only picking and Fit need them). */
  let boundsStale = false
  let selection: ReadonlySet<string> = new Set()
  let hidden: ReadonlySet<VisibleKind> = new Set()
  /** Per shape: the item id of every instance (for picking). */
  const instanceOwners: Record<InstanceShape, string[]> = { box: [], sphere: [], dot: [], cylinder: [] }
  const pickListeners: ((id: string | null, extend: boolean) => void)[] = []

  function visibleItems(): GraphicsItem[] {
    return hidden.size === 0
      ? current
      : current.filter((item) => !hidden.has(item.item.split(':')[0] as VisibleKind))
  }

  function redraw(): void {
    const items = visibleItems()
    instances = uploadInstances(shapes, instanceShapes(items, selection, SELECTED, instances), instances)
    for (const shape of INSTANCE_SHAPES) instanceOwners[shape] = instances[shape].owners
    boundsStale = true
    lines.draw(buildLines(items, selection, SELECTED))
    triangleMeshes.draw(items, selection, SELECTED)
    canvas.dataset.meshes = String(triangleMeshes.meshes().length)
    meshFiles.draw(items, selection, SELECTED)
    // For tests: mesh files still loading, parsed, and bodies drawn as their instances.
    canvas.dataset.meshFilesLoading = String(meshFiles.loading())
    canvas.dataset.meshFilesParsed = String(meshFiles.parsed())
    canvas.dataset.meshFileInstances = String(meshFiles.instances())
    // What is drawn, for tests and screenshots to wait on.
    canvas.dataset.instances = String(
      Object.values(instanceOwners).reduce((n, owners) => n + owners.length, 0),
    )
    canvas.dataset.selected = String(items.filter((item) => selection.has(item.item)).length)
    requestRender()
  }

  /** Picking tests a mesh's bounding box first: it must enclose every instance. */
  function refreshInstanceBounds(): void {
    if (!boundsStale) return
    for (const mesh of Object.values(shapes)) if (mesh.isVisible) mesh.thinInstanceRefreshBoundingInfo(false)
    boundsStale = false
  }

  /** Bounding sphere of the drawn model (the origin and radius 1 when nothing is drawn). */
  function boundsOfScene(): { center: Vector3; radius: number } {
    refreshInstanceBounds()
    const min = new Vector3(Infinity, Infinity, Infinity)
    const max = new Vector3(-Infinity, -Infinity, -Infinity)
    const lineMesh = lines.mesh()
    const visible = [
      ...Object.values(shapes).filter((shape) => shape.isVisible),
      ...triangleMeshes.meshes(),
      ...meshFiles.meshes(),
      ...(lineMesh ? [lineMesh] : []),
    ]
    for (const mesh of visible) {
      const box = mesh.getBoundingInfo().boundingBox
      min.minimizeInPlace(box.minimumWorld)
      max.maximizeInPlace(box.maximumWorld)
    }
    if (visible.length === 0) return { center: Vector3.Zero(), radius: 1 }
    // A single point mass has almost no extent: show at least half a metre around it.
    return { center: Vector3.Center(min, max), radius: Math.max(0.25, Vector3.Distance(min, max) / 2) }
  }

  let up = DEFAULT_UP
  /** Up and everything that hangs on it; the camera turns to the iso view around its target. */
  function applyUp(next: UpAxis): void {
    up = next
    const frame = viewFrame(up)
    camera.upVector = vector(frame.up)
    // Lit from above, front and right whatever up is (for up +Y the lights the view always had).
    hemi.direction = vector(inFrame(frame, [0.3, 1, 0.5]))
    sun.direction = vector(inFrame(frame, [-0.4, -1, -0.6]))
    const rotation = Quaternion.RotationQuaternionFromAxis(
      vector(frame.right),
      vector(frame.up),
      vector(frame.front),
    )
    gridRotation = rotation
    for (const mesh of grid) mesh.rotationQuaternion = rotation
    lookFrom('iso')
    // For tests: the up axis and the camera's up vector.
    canvas.dataset.up = up
    canvas.dataset.cameraUp = formatVector(camera.upVector)
  }

  /** Puts the camera on `preset`'s direction from its target, at the same distance. */
  function lookFrom(preset: ViewPreset): void {
    // A preset stops the glide a drag leaves behind, which would otherwise carry the camera off it.
    camera.inertialAlphaOffset = camera.inertialBetaOffset = camera.inertialRadiusOffset = 0
    camera.inertialPanningX = camera.inertialPanningY = 0
    const offset = vector(presetDirection(preset, up)).scaleInPlace(camera.radius)
    camera.setPosition(camera.target.add(offset))
    requestRender()
  }

  // A click is a press and release of the left button that barely moved (otherwise it was a drag of
  // the camera). Handled on the canvas rather than as Babylon's POINTERTAP, which waits out the
  // double-click delay and is lost when a loaded machine stretches it.
  let pressed: { x: number; y: number } | null = null
  canvas.addEventListener('pointerdown', (event) => {
    pressed = event.button === 0 ? { x: event.offsetX, y: event.offsetY } : null
  })
  canvas.addEventListener('pointerup', (event) => {
    const start = pressed
    pressed = null
    if (
      !start ||
      event.button !== 0 ||
      Math.hypot(event.offsetX - start.x, event.offsetY - start.y) > CLICK_SLOP
    )
      return
    const id = pickAt(event.offsetX, event.offsetY)
    for (const listener of pickListeners) listener(id, event.ctrlKey || event.metaKey)
  })

  /** The item id of the instance under a canvas point (CSS px), or null. */
  function pickAt(x: number, y: number): string | null {
    refreshInstanceBounds()
    const meshes = [...Object.values(shapes), ...triangleMeshes.meshes(), ...meshFiles.meshes()]
    const pick = scene.pick(x, y, (mesh) => meshes.includes(mesh as Mesh) && mesh.isVisible)
    if (!pick?.hit || !pick.pickedMesh) return null
    const meshOwner =
      triangleMeshes.ownerOf(pick.pickedMesh) ?? meshFiles.ownerOf(pick.pickedMesh, pick.thinInstanceIndex)
    if (meshOwner) return meshOwner
    const shape = (Object.keys(shapes) as InstanceShape[]).find((s) => shapes[s] === pick.pickedMesh)
    return shape ? (instanceOwners[shape][pick.thinInstanceIndex] ?? null) : null
  }

  // Tests and screenshots wait for this: the first frame has been drawn.
  scene.onAfterRenderObservable.addOnce(() => (canvas.dataset.rendered = 'true'))
  scene.onAfterRenderObservable.add(() => {
    const viewport = camera.viewport.toGlobal(engine.getRenderWidth(), engine.getRenderHeight())
    const cssPerPixel = canvas.clientWidth / engine.getRenderWidth()
    axes.forEach(({ tip }, i) => {
      const p = Vector3.Project(tip, Matrix.IdentityReadOnly, scene.getTransformMatrix(), viewport)
      const label = axisLabels[i]
      if (label) label.style.transform = `translate(${p.x * cssPerPixel}px, ${p.y * cssPerPixel}px)`
    })
  })
  // Render on demand: an unchanged view is not redrawn, which leaves the CPU to the solver. Changes are
  // new graphics (redraw), traces, a resize, camera presets, and the camera's inputs (drag, wheel,
  // keys, inertia): those are applied in the loop, where getViewMatrix reports a moved view. The loop
  // itself (one callback per animation frame) stops when a frame finds nothing to do, and input on
  // the canvas or a change starts it again.
  const viewDirection = new Vector3()
  camera.onViewMatrixChangedObservable.add(() => {
    dirty = true
    camera.target.subtractToRef(camera.position, viewDirection).normalize()
    fadeGrid()
    // For tests: where the camera looks (unit vector from the camera to its target).
    canvas.dataset.viewDirection = formatVector(viewDirection)
  })
  /** A grid large enough for a model reaching `extent` from the origin (same line count at any size). */
  function sizeGrid(extent: number): void {
    const half = gridHalfSize(extent)
    if (half === gridHalf) return
    for (const mesh of grid) mesh.dispose()
    gridHalf = half
    grid = createGrid(scene, half)
    for (const mesh of grid) mesh.rotationQuaternion = gridRotation
    fadeGrid()
    canvas.dataset.gridHalfSize = String(half)
  }

  /** The grid's opacity from the view's elevation over it (GRID_FADE). */
  function fadeGrid(): void {
    const elevation = Math.abs(Vector3.Dot(viewDirection, camera.upVector))
    const alpha = Math.min(1, Math.max(0, (elevation - GRID_FADE[0]) / (GRID_FADE[1] - GRID_FADE[0])))
    for (const mesh of grid) {
      mesh.alpha = alpha
      mesh.isVisible = alpha > 0
    }
    canvas.dataset.gridAlpha = alpha.toFixed(2)
  }
  engine.onContextRestoredObservable.add(requestRender)
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup'])
    canvas.addEventListener(type, startLoop)
  // For tests: rendered frames and their summed main-thread time (ms), as differences over a window.
  let renderedFrames = 0
  let renderedMs = 0
  let looping = false
  function requestRender(): void {
    dirty = true
    startLoop()
  }
  /** A capture holds the drawing buffer at its own size: the loop and resizes wait for its end. */
  let capturing = false
  function startLoop(): void {
    if (looping || capturing) return
    looping = true
    engine.runRenderLoop(renderIfChanged)
  }
  function renderIfChanged(): void {
    camera.update()
    camera.getViewMatrix()
    if (!dirty && !pendingDraw) {
      engine.stopRenderLoop(renderIfChanged)
      looping = false
      return
    }
    const start = performance.now()
    if (pendingDraw) {
      current = pendingDraw()
      pendingDraw = null
      redraw()
    }
    // Shaders compile asynchronously and a mesh whose shader is not ready is skipped: render again then.
    const effectsReady = engine.areAllEffectsReady()
    scene.render(false)
    dirty = !effectsReady || !engine.areAllEffectsReady()
    const cpuMs = performance.now() - start
    recentFrames.add(start, cpuMs)
    canvas.dataset.frames = String(++renderedFrames)
    canvas.dataset.frameMs = (renderedMs += cpuMs).toFixed(1)
  }
  applyUp(DEFAULT_UP)
  startLoop()
  const resizeObserver = new ResizeObserver(() => {
    if (capturing) return
    engine.resize()
    requestRender()
  })
  resizeObserver.observe(canvas)

  const api: ModelViewport = {
    draw(items) {
      pendingDraw = null
      current = items
      redraw()
    },
    drawBeforeNextFrame(produce) {
      pendingDraw = produce
      startLoop()
    },
    setSelection(ids) {
      selection = ids
      redraw()
    },
    setHidden(kinds) {
      hidden = kinds
      redraw()
    },
    setGhosts(items) {
      const none = new Set<string>()
      ghostInstances = uploadInstances(
        ghostShapes,
        instanceShapes(items, none, SELECTED, ghostInstances),
        ghostInstances,
      )
      const set = buildLines(items, none, SELECTED)
      set.colors = set.colors.map((colors) => colors.map((c) => new Color4(c.r, c.g, c.b, GHOST_ALPHA)))
      ghostLines.draw(set)
      // For tests: the ghost instances drawn and their colours as CSS "rgb(r, g, b)", separated by ";".
      canvas.dataset.ghosts = String(
        INSTANCE_SHAPES.reduce((n, shape) => n + ghostInstances![shape].owners.length, 0),
      )
      canvas.dataset.ghostColors = [
        ...new Set(items.flatMap((item) => item.primitives.flatMap(cssRgb))),
      ].join(';')
      requestRender()
    },
    setTraces(traces) {
      const set: LineSet = { lines: [], colors: [] }
      for (const trace of traces) {
        if (trace.length < 6) continue
        const points: Vector3[] = []
        for (let i = 0; i + 2 < trace.length; i += 3)
          points.push(new Vector3(trace[i], trace[i + 1], trace[i + 2]))
        set.lines.push(points)
        set.colors.push(points.map(() => new Color4(1, 0.55, 0.85, 1)))
      }
      traceLines.draw(set)
      // For tests: the points of each trace drawn.
      canvas.dataset.tracePoints = set.lines.map((points) => points.length).join(',')
      requestRender()
    },
    view(preset) {
      api.zoomToFit()
      lookFrom(preset)
    },
    setUp(next) {
      if (next !== up) applyUp(next)
    },
    zoomToFit() {
      const { center, radius } = boundsOfScene()
      // The fitted view spans about 1.6 radii sideways (aspect up to 1.4): the grid reaches 2 radii further.
      sizeGrid(Math.max(Math.abs(center.x), Math.abs(center.y), Math.abs(center.z)) + 2 * radius)
      // cloneAlphaBetaRadius: keep the view direction (the plain setter rebuilds the angles from the old
      // position).
      camera.setTarget(center, false, false, true)
      const fov = camera.fov
      camera.radius = (1.15 * radius) / Math.sin(fov / 2)
      requestRender()
    },
    onPick(listener) {
      pickListeners.push(listener)
    },
    async capture(size, work) {
      if (capturing) throw new Error('The 3D view is being captured already')
      capturing = true
      engine.stopRenderLoop(renderIfChanged)
      looping = false
      const background = scene.clearColor
      try {
        engine.setSize(size.width, size.height)
        // WebGL silently makes a smaller drawing buffer than asked when the size exceeds its limits.
        const drawn = { width: engine.getRenderWidth(), height: engine.getRenderHeight() }
        if (drawn.width !== size.width || drawn.height !== size.height)
          throw new Error(
            `The 3D view cannot render ${size.width} x ${size.height} pixels here ` +
              `(WebGL gave ${drawn.width} x ${drawn.height}): choose a smaller size`,
          )
        if (size.transparent) scene.clearColor = new Color4(0, 0, 0, 0)
        if (!size.grid) for (const mesh of grid) mesh.isVisible = false
        return await work(async (items) => {
          if (items) {
            current = items
            redraw()
          }
          await scene.whenReadyAsync()
          scene.render(false)
          return canvas
        })
      } finally {
        scene.clearColor = background
        fadeGrid()
        capturing = false
        engine.resize()
        requestRender()
      }
    },
    fps: () => recentFrames.lastSecond().frames,
    frameCpuMs: () => recentFrames.lastSecond().meanMs,
    softwareRendering,
    dispose() {
      resizeObserver.disconnect()
      engine.dispose()
    },
  }
  return api
}

/** Start time and main-thread time of the frames rendered over the last second. */
function createFrameStats(): {
  add(start: number, cpuMs: number): void
  lastSecond(): { frames: number; meanMs: number }
} {
  const frames: { start: number; cpuMs: number }[] = []
  const dropOlderThanASecond = (now: number): void => {
    while (frames.length > 0 && frames[0].start < now - 1000) frames.shift()
  }
  return {
    add(start, cpuMs) {
      frames.push({ start, cpuMs })
      dropOlderThanASecond(start)
    },
    lastSecond() {
      dropOlderThanASecond(performance.now())
      const totalMs = frames.reduce((sum, frame) => sum + frame.cpuMs, 0)
      return { frames: frames.length, meanMs: frames.length > 0 ? totalMs / frames.length : 0 }
    },
  }
}

/** Whether WebGL is a software renderer (SwiftShader, llvmpipe): asked of a throwaway context. */
function isSoftwareWebGL(): boolean {
  const gl = document.createElement('canvas').getContext('webgl2')
  if (!gl) return false
  const info = gl.getExtension('WEBGL_debug_renderer_info')
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER))
  gl.getExtension('WEBGL_lose_context')?.loseContext()
  return /swiftshader|llvmpipe|software/i.test(renderer)
}

/** One unit mesh per shape for thin instances; `alpha` < 1: translucent and not pickable (ghosts). */
function createInstanceMeshes(scene: Scene, name = 'instances', alpha = 1): Record<InstanceShape, Mesh> {
  const material = new StandardMaterial(name, scene)
  material.diffuseColor = new Color3(1, 1, 1)
  material.specularColor = new Color3(0.25, 0.25, 0.25)
  material.alpha = alpha
  const meshes: Record<InstanceShape, Mesh> = {
    box: CreateBox(`${name}Boxes`, { size: 1 }, scene),
    sphere: CreateSphere(`${name}Spheres`, { diameter: 1, segments: 12 }, scene),
    // An icosahedron: 20 triangles, round enough at a few pixels.
    dot: CreateIcoSphere(`${name}Dots`, { radius: 0.5, subdivisions: 1 }, scene),
    cylinder: CreateCylinder(`${name}Cylinders`, { diameter: 1, height: 1, tessellation: 20 }, scene),
  }
  for (const mesh of Object.values(meshes)) {
    mesh.material = material
    mesh.thinInstanceEnablePicking = alpha === 1
    // Refreshed before picking and Fit instead of at every frame (alwaysSelectAsActiveMesh skips culling).
    mesh.doNotSyncBoundingInfo = true
    mesh.alwaysSelectAsActiveMesh = true
    mesh.renderingGroupId = 1
    mesh.isVisible = false
  }
  return meshes
}

/**
 * Puts instance buffers on the shapes' meshes: buffers that are `previous`'s (a frame of the same
 * model) are uploaded into the GPU buffers in place, others are set anew. Returns `next`.
 */
function uploadInstances(
  meshes: Record<InstanceShape, Mesh>,
  next: Record<InstanceShape, InstanceBuffers>,
  previous: Record<InstanceShape, InstanceBuffers> | undefined,
): Record<InstanceShape, InstanceBuffers> {
  for (const shape of INSTANCE_SHAPES) {
    const { matrices, colors, owners } = next[shape]
    const mesh = meshes[shape]
    if (previous?.[shape].matrices === matrices) {
      mesh.thinInstanceBufferUpdated('matrix')
      mesh.thinInstanceBufferUpdated('color')
    } else {
      mesh.thinInstanceSetBuffer('matrix', matrices, 16, false)
      mesh.thinInstanceSetBuffer('color', colors, 4, false)
    }
    mesh.isVisible = owners.length > 0
  }
  return next
}

/**
 * One line system, updated in place while its polylines keep their point counts (the frames of a run:
 * a new line system per frame cost a shader program check that waits for the GPU), else rebuilt
 * (Babylon cannot grow one in place).
 */
function createLineSet(scene: Scene, name: string): { draw(set: LineSet): void; mesh(): LinesMesh | null } {
  let mesh: LinesMesh | null = null
  let pointCounts = ''
  return {
    draw(set) {
      const counts = set.lines.map((points) => points.length).join(',')
      if (mesh && counts === pointCounts) {
        CreateLineSystem(name, { lines: set.lines, colors: set.colors, instance: mesh }, scene)
        return
      }
      mesh?.dispose()
      mesh = null
      pointCounts = counts
      if (set.lines.length === 0) return
      mesh = CreateLineSystem(name, { lines: set.lines, colors: set.colors, updatable: true }, scene)
      mesh.isPickable = false
      mesh.renderingGroupId = 1
    },
    mesh: () => mesh,
  }
}

/** A primitive's colour as CSS "rgb(r, g, b)" (none for a frame, which has none). */
const cssRgb = (p: GraphicsPrimitive): string[] =>
  'color' in p
    ? [
        `rgb(${p.color
          .slice(0, 3)
          .map((c) => Math.round(c * 255))
          .join(', ')})`,
      ]
    : []
const vector = (v: Vec3): Vector3 => new Vector3(v[0], v[1], v[2])
const formatVector = (v: Vector3): string => [v.x, v.y, v.z].map((c) => c.toFixed(4)).join(',')

/** Half the grid's edge: GRID_HALF_SIZE doubled until it reaches `extent` (m). */
export function gridHalfSize(extent: number): number {
  let half = GRID_HALF_SIZE
  while (half < extent) half *= 2
  return half
}

/** The ground grid in the X-Z plane (rotated into the plane normal to up by applyUp), `half` m each way. */
function createGrid(scene: Scene, half: number): LinesMesh[] {
  const minor: Vector3[][] = []
  const major: Vector3[][] = []
  const step = half / GRID_STEPS
  for (let i = -GRID_STEPS; i <= GRID_STEPS; i++) {
    const c = i * step
    const target = i % 4 === 0 ? major : minor
    target.push([new Vector3(c, 0, -half), new Vector3(c, 0, half)])
    target.push([new Vector3(-half, 0, c), new Vector3(half, 0, c)])
  }
  const minorMesh = CreateLineSystem('gridMinor', { lines: minor }, scene)
  minorMesh.color = new Color3(0.17, 0.18, 0.2)
  minorMesh.isPickable = false
  const majorMesh = CreateLineSystem('gridMajor', { lines: major }, scene)
  majorMesh.color = new Color3(0.27, 0.28, 0.31)
  majorMesh.isPickable = false
  return [minorMesh, majorMesh]
}

/** Draws the X, Y, Z axes; returns their tips and colors. */
function createAxes(scene: Scene): { tip: Vector3; color: Color3 }[] {
  const axes: [string, Vector3, Color3][] = [
    ['axisX', new Vector3(AXIS_LENGTH, 0, 0), new Color3(0.9, 0.25, 0.25)],
    ['axisY', new Vector3(0, AXIS_LENGTH, 0), new Color3(0.3, 0.8, 0.3)],
    ['axisZ', new Vector3(0, 0, AXIS_LENGTH), new Color3(0.3, 0.5, 1)],
  ]
  for (const [name, end, color] of axes) {
    const axis = CreateLineSystem(name, { lines: [[Vector3.Zero(), end]] }, scene)
    axis.color = color
    axis.isPickable = false
    // Group 1 is drawn after the grid with a fresh depth buffer: axes never vanish into grid lines.
    axis.renderingGroupId = 1
  }
  return axes.map(([, tip, color]) => ({ tip, color }))
}
