// The 3D view: a right-handed, Y-up world with a ground grid, XYZ axes and the model's nodes.
// Deep imports only: the @babylonjs/core barrel costs 15 s of build and 10 MB of bundle.
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera'
import { Engine } from '@babylonjs/core/Engines/engine'
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight'
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial'
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color'
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector'
import { CreateLineSystem } from '@babylonjs/core/Meshes/Builders/linesBuilder'
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder'
import type { Mesh } from '@babylonjs/core/Meshes/mesh'
import { Scene } from '@babylonjs/core/scene'

const BACKGROUND = new Color4(0.118, 0.122, 0.133, 1)
const GRID_HALF_SIZE = 4 // m
const GRID_MINOR_STEP = 0.25 // m
const AXIS_LENGTH = 1 // m

export type Point3 = [number, number, number]

export interface ModelViewport {
  /** Shows one sphere per node (null: a node without a position) and frames the camera on them. */
  showNodes(positions: (Point3 | null)[]): void
  highlightNode(index: number | null): void
  dispose(): void
}

/** axisLabels: elements over the canvas that follow the X, Y and Z axis tips. */
export function createModelViewport(canvas: HTMLCanvasElement, axisLabels: HTMLElement[]): ModelViewport {
  const engine = new Engine(canvas, true, { stencil: true }, true)
  const scene = new Scene(engine)
  scene.useRightHandedSystem = true
  scene.clearColor = BACKGROUND

  const camera = new ArcRotateCamera('camera', Math.PI / 2 - 0.6, 1.05, 6, Vector3.Zero(), scene)
  camera.lowerRadiusLimit = 0.1
  camera.wheelDeltaPercentage = 0.02
  camera.minZ = 0.01
  camera.attachControl(canvas, true)

  const light = new HemisphericLight('light', new Vector3(0.3, 1, 0.5), scene)
  light.groundColor = new Color3(0.25, 0.25, 0.28)

  createGrid(scene)
  const axes = createAxes(scene)
  axes.forEach(({ color }, i) => axisLabels[i]?.style.setProperty('color', color.toHexString()))
  const nodeMaterial = createMaterial(scene, 'node', new Color3(0.85, 0.62, 0.25))
  const selectedMaterial = createMaterial(scene, 'selected', new Color3(0.35, 0.65, 1))
  let nodeMeshes: (Mesh | null)[] = []

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
  engine.runRenderLoop(() => scene.render())
  const resizeObserver = new ResizeObserver(() => engine.resize())
  resizeObserver.observe(canvas)

  return {
    showNodes(points) {
      for (const mesh of nodeMeshes) mesh?.dispose()
      const positions = points.map((p) => (p ? new Vector3(...p) : null))
      // The origin belongs to the view: the axes start there and models are built around it.
      const { center, extent } = boundsOf([Vector3.Zero(), ...positions.filter((p) => p !== null)])
      nodeMeshes = positions.map((position, index) => {
        if (!position) return null
        const sphere = CreateSphere(
          `node${index}`,
          { diameter: 0.06 * Math.max(1, extent), segments: 16 },
          scene,
        )
        sphere.position = position
        sphere.material = nodeMaterial
        sphere.renderingGroupId = 1
        return sphere
      })
      camera.target = center
      camera.radius = Math.max(2, 3 * extent)
    },
    highlightNode(selected) {
      nodeMeshes.forEach((mesh, index) => {
        if (mesh) mesh.material = index === selected ? selectedMaterial : nodeMaterial
      })
    },
    dispose() {
      resizeObserver.disconnect()
      engine.dispose()
    },
  }
}

function createGrid(scene: Scene): void {
  const minor: Vector3[][] = []
  const major: Vector3[][] = []
  const steps = Math.round(GRID_HALF_SIZE / GRID_MINOR_STEP)
  for (let i = -steps; i <= steps; i++) {
    const c = i * GRID_MINOR_STEP
    const lines = i % Math.round(1 / GRID_MINOR_STEP) === 0 ? major : minor
    lines.push([new Vector3(c, 0, -GRID_HALF_SIZE), new Vector3(c, 0, GRID_HALF_SIZE)])
    lines.push([new Vector3(-GRID_HALF_SIZE, 0, c), new Vector3(GRID_HALF_SIZE, 0, c)])
  }
  const minorMesh = CreateLineSystem('gridMinor', { lines: minor }, scene)
  minorMesh.color = new Color3(0.17, 0.18, 0.2)
  minorMesh.isPickable = false
  const majorMesh = CreateLineSystem('gridMajor', { lines: major }, scene)
  majorMesh.color = new Color3(0.27, 0.28, 0.31)
  majorMesh.isPickable = false
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

function createMaterial(scene: Scene, name: string, color: Color3): StandardMaterial {
  const material = new StandardMaterial(name, scene)
  material.diffuseColor = color
  material.specularColor = new Color3(0.2, 0.2, 0.2)
  return material
}

function boundsOf(positions: [Vector3, ...Vector3[]]): { center: Vector3; extent: number } {
  const min = positions.reduce((a, b) => Vector3.Minimize(a, b))
  const max = positions.reduce((a, b) => Vector3.Maximize(a, b))
  return { center: Vector3.Center(min, max), extent: Vector3.Distance(min, max) }
}
