// The view's up axis and its presets (src/renderer/viewport/upAxis.ts). References: the examples'
// gravity as written in their files; for up +Y the camera directions the view used before up could
// change, from Babylon's ArcRotateCamera angles (position - target = r (cos a sin b, cos b, sin a sin b)
// for Y up); for every up, the geometry a user reads off the screen (front and side horizontal, top
// straight down, X or Y to the right, no mirror image). Directions are sums of a few products of unit
// vectors, so they agree to rounding: 1e-12.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyModel, type ItemSpec, type ModelSpec } from '../../../../src/core'
import {
  axisVector,
  modelGravity,
  presetDirection,
  resolveUpAxis,
  upAxisLabel,
  upAxisOfGravity,
  viewFrame,
  type UpAxis,
  type Vec3,
  type ViewPreset,
} from '../../../../src/renderer/viewport/upAxis'

const EXAMPLES = join(__dirname, '../../../../resources/examples')
const ALL_AXES: UpAxis[] = ['+x', '-x', '+y', '-y', '+z', '-z']
const TOL = 1e-12

const exampleModel = (name: string): ModelSpec =>
  JSON.parse(readFileSync(join(EXAMPLES, `${name}.mbsproj`), 'utf8')).model

function modelWith(loads: ItemSpec[], objects: ItemSpec[] = []): ModelSpec {
  return { ...emptyModel(), loads, objects }
}

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
const neg = (a: Vec3): Vec3 => [-a[0], -a[1], -a[2]]

function expectVector(actual: Vec3, expected: Vec3, tolerance = TOL): void {
  for (let i = 0; i < 3; i++)
    expect(Math.abs(actual[i] - expected[i]), `component ${i} of [${actual}] vs [${expected}]`).toBeLessThan(
      tolerance,
    )
}

describe('up axis from the model', () => {
  it("sums the MassProportional load vectors and the kinematic trees' gravity, nothing else", () => {
    const model = modelWith(
      [
        { type: 'MassProportional', name: 'g1', markerNumber: 'm1', loadVector: [0, 0, -9.81] },
        { type: 'MassProportional', name: 'g2', markerNumber: 'm2', loadVector: [0, 0, -9.81] },
        // A force, not gravity; a load driven by a time function; a vector being typed.
        { type: 'ForceVector', name: 'push', markerNumber: 'm1', loadVector: [100, 0, 0] },
        {
          type: 'MassProportional',
          name: 'driven',
          markerNumber: 'm1',
          loadVector: [50, 0, 0],
          loadVectorUserFunction: '[t, 0, 0]',
        },
        { type: 'MassProportional', name: 'typing', markerNumber: 'm1', loadVector: [1, 2] },
      ],
      [{ type: 'KinematicTree', name: 'arm', nodeNumber: 'n', gravity: [0, 1, 0] }],
    )
    expectVector(modelGravity(model), [0, 1, -19.62])
    expect(upAxisOfGravity(modelGravity(model))).toBe('+z')
  })

  it('is the axis against the largest gravity component', () => {
    expect(upAxisOfGravity([0, -9.81, 0])).toBe('+y')
    expect(upAxisOfGravity([0, 0, -9.81])).toBe('+z')
    // Exudyn's perf3DRigidBodies: gravity +9.81 in z, so the chain hangs towards -z, down on screen.
    expect(upAxisOfGravity([0, 0, 9.81])).toBe('-z')
    expect(upAxisOfGravity([-9.81, 0, 0])).toBe('+x')
    // Gravity given along a tilted ground: the nearer axis.
    expect(upAxisOfGravity([0, -3.4, -9.2])).toBe('+z')
    expect(upAxisOfGravity([1, -9.8, 0.5])).toBe('+y')
  })

  it('prefers Y, then Z, on equal components, and is Y without gravity', () => {
    expect(upAxisOfGravity([0, -1, -1])).toBe('+y')
    expect(upAxisOfGravity([-1, 0, -1])).toBe('+z')
    expect(upAxisOfGravity([0, 0, 0])).toBe('+y')
    expect(resolveUpAxis('auto', emptyModel())).toBe('+y')
  })

  it('follows the examples: Z up where gravity is -Z, Y up where it is -Y', () => {
    for (const name of ['sphereOnIncline', 'bouncingBallStairs', 'rollingDisc'])
      expect(resolveUpAxis('auto', exampleModel(name)), name).toBe('+z')
    // robotArmTree: gravity only in its KinematicTree.
    for (const name of ['pendulum', 'hangingCable', 'robotArmTree'])
      expect(resolveUpAxis('auto', exampleModel(name)), name).toBe('+y')
  })

  it("takes the user's choice over the gravity", () => {
    expect(resolveUpAxis('+y', exampleModel('sphereOnIncline'))).toBe('+y')
    expect(resolveUpAxis('+z', exampleModel('pendulum'))).toBe('+z')
  })

  it('labels axes with a minus sign', () => {
    expect(upAxisLabel('+z')).toBe('Z')
    expect(upAxisLabel('-z')).toBe('\u2212Z')
  })
})

describe('view presets around the up axis', () => {
  it('keeps the Y-up view exactly as it was (Babylon angles alpha, beta of the former presets)', () => {
    const fromAngles = (alpha: number, beta: number): Vec3 => [
      Math.cos(alpha) * Math.sin(beta),
      Math.cos(beta),
      Math.sin(alpha) * Math.sin(beta),
    ]
    expectVector(presetDirection('iso', '+y'), fromAngles(Math.PI / 2 - 0.6, 1.05))
    expectVector(presetDirection('front', '+y'), fromAngles(Math.PI / 2, Math.PI / 2))
    expectVector(presetDirection('side', '+y'), fromAngles(0, Math.PI / 2))
    // The former top view had beta = 1e-4 (Babylon clamps it to 0.01 either way).
    expectVector(presetDirection('top', '+y'), fromAngles(Math.PI / 2, 1e-4), 1e-8)
  })

  it('shows Z up as Z-up CAD programs do: front looks along +Y, side along -X, top down -Z', () => {
    expectVector(presetDirection('front', '+z'), [0, -1, 0])
    expectVector(presetDirection('side', '+z'), [1, 0, 0])
    expectVector(presetDirection('top', '+z'), [0, 0, 1], 1e-4)
  })

  it('has a right-handed orthonormal frame for every up axis', () => {
    for (const up of ALL_AXES) {
      const frame = viewFrame(up)
      expectVector(frame.up, axisVector(up))
      expect(dot(frame.right, frame.up), up).toBe(0)
      expectVector(cross(frame.right, frame.up), frame.front)
      for (const v of [frame.right, frame.up, frame.front]) expect(Math.hypot(...v), up).toBeCloseTo(1, 12)
    }
  })

  it('views front and side horizontally, top from straight above, iso from above (1.05 rad from up)', () => {
    for (const up of ALL_AXES) {
      const u = axisVector(up)
      const direction = (preset: ViewPreset): Vec3 => presetDirection(preset, up)
      expect(Math.abs(dot(direction('front'), u)), up).toBeLessThan(TOL)
      expect(Math.abs(dot(direction('side'), u)), up).toBeLessThan(TOL)
      expect(Math.abs(dot(direction('front'), direction('side'))), up).toBeLessThan(TOL)
      // The top view leans 1e-4 rad towards the front so that the screen's up is defined.
      expect(dot(direction('top'), u), up).toBeCloseTo(1, 7)
      expect(dot(direction('iso'), u), up).toBeCloseTo(Math.cos(1.05), 12)
      for (const preset of ['iso', 'front', 'top', 'side'] as const)
        expect(Math.hypot(...direction(preset)), `${up} ${preset}`).toBeCloseTo(1, 12)
    }
  })

  it("draws no mirror image: in the front view the frame's right axis is to the right of the screen", () => {
    // A camera looking along `forward` with `up` shows forward x up to its right (right-handed world).
    for (const up of ALL_AXES) {
      const forward = neg(presetDirection('front', up))
      expectVector(cross(forward, axisVector(up)), viewFrame(up).right)
    }
    expectVector(viewFrame('+y').right, [1, 0, 0])
    expectVector(viewFrame('+z').right, [1, 0, 0])
  })
})
