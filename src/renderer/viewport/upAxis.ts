// Which world axis the 3D view shows as up, and the view directions of the presets around it. Models
// are built with gravity along -Y (Exudyn's 2D habit) or along -Z (most 3D machines): the view follows
// the model's gravity, so the ground is a floor and not a wall. Pure: no Babylon, testable alone.
import type { ModelSpec } from '../../core'

/** A signed world axis. */
export type UpAxis = '+x' | '-x' | '+y' | '-y' | '+z' | '-z'

/** What the user chose: follow the model's gravity, or a fixed axis. */
export type UpChoice = 'auto' | '+y' | '+z'

export const UP_CHOICES: readonly UpChoice[] = ['auto', '+y', '+z']

export type Vec3 = readonly [number, number, number]

export type ViewPreset = 'iso' | 'front' | 'top' | 'side'

/** Up when the model says nothing about it (no gravity): Y, as in Exudyn's default view. */
export const DEFAULT_UP: UpAxis = '+y'

/** "Z", "−Z" (a minus sign, as a label). */
export function upAxisLabel(up: UpAxis): string {
  return `${up[0] === '-' ? '\u2212' : ''}${up[1].toUpperCase()}`
}

/**
 * The gravity of a model: the sum of the constant `loadVector`s of its MassProportional loads and
 * the `gravity` of its KinematicTrees (which MassProportional loads do not reach). Loads with a
 * user function and missing or malformed vectors count as zero: the view must draw whatever is edited.
 */
export function modelGravity(model: ModelSpec): Vec3 {
  const sum: [number, number, number] = [0, 0, 0]
  const add = (value: unknown): void => {
    if (
      !Array.isArray(value) ||
      value.length !== 3 ||
      !value.every((c) => typeof c === 'number' && Number.isFinite(c))
    )
      return
    for (let i = 0; i < 3; i++) sum[i] += value[i] as number
  }
  for (const load of model.loads)
    if (load.type === 'MassProportional' && !load.loadVectorUserFunction) add(load.loadVector)
  for (const object of model.objects) if (object.type === 'KinematicTree') add(object.gravity)
  return sum
}

/**
 * The world axis nearest to "against gravity": the axis of gravity's largest component, pointing the
 * other way (gravity [0, 0, -9.81] → +Z; Exudyn's perf3DRigidBodies, gravity +9.81 in z → −Z).
 * On equal components Y wins over Z over X; no gravity → DEFAULT_UP.
 */
export function upAxisOfGravity(gravity: Vec3): UpAxis {
  let best: 0 | 1 | 2 | null = null
  for (const i of [1, 2, 0] as const)
    if (gravity[i] !== 0 && (best === null || Math.abs(gravity[i]) > Math.abs(gravity[best]))) best = i
  if (best === null) return DEFAULT_UP
  return `${gravity[best] < 0 ? '+' : '-'}${'xyz'[best]}` as UpAxis
}

/** The up axis the view uses for `choice` on `model`. */
export function resolveUpAxis(choice: UpChoice, model: ModelSpec): UpAxis {
  return choice === 'auto' ? upAxisOfGravity(modelGravity(model)) : choice
}

export function axisVector(axis: UpAxis): Vec3 {
  const v: [number, number, number] = [0, 0, 0]
  v['xyz'.indexOf(axis[1])] = axis[0] === '-' ? -1 : 1
  return v
}

/**
 * The right-handed frame the presets are defined in: `up`, `right` (the screen's right in the front
 * view: X, or Y when up is along X) and `front` = right x up (where the front view's camera is). For
 * up +Y this is X, Y, Z (the view as it always was); for up +Z the front view looks along +Y with X
 * to the right, as in Z-up CAD programs.
 */
export function viewFrame(up: UpAxis): { right: Vec3; up: Vec3; front: Vec3 } {
  const u = axisVector(up)
  const right: Vec3 = up[1] === 'x' ? [0, 1, 0] : [1, 0, 0]
  return { right, up: u, front: cross(right, u) }
}

// Iso: 1.05 rad down from up, turned 0.6 rad from the front towards the right (the view's start).
const ISO_POLAR = 1.05
const ISO_AZIMUTH = 0.6
/** The top view leans this far towards the front: the screen's up is then -front (Y for up +Z). */
const TOP_LEAN = 1e-4

/**
 * Unit vector from the camera's target to the camera for a preset: front and side are horizontal
 * (the camera on +front, on +right), top looks down along -up, iso looks down from the front right.
 */
export function presetDirection(preset: ViewPreset, up: UpAxis): Vec3 {
  const frame = viewFrame(up)
  const [r, u, f] = {
    front: [0, 0, 1],
    side: [1, 0, 0],
    top: [0, 1, TOP_LEAN],
    iso: [
      Math.sin(ISO_POLAR) * Math.sin(ISO_AZIMUTH),
      Math.cos(ISO_POLAR),
      Math.sin(ISO_POLAR) * Math.cos(ISO_AZIMUTH),
    ],
  }[preset]
  return normalize(inFrame(frame, [r, u, f]))
}

/** World vector of frame coordinates [along right, along up, along front]. */
export function inFrame(frame: { right: Vec3; up: Vec3; front: Vec3 }, [r, u, f]: Vec3): Vec3 {
  const at = (i: number): number => r * frame.right[i] + u * frame.up[i] + f * frame.front[i]
  return [at(0), at(1), at(2)]
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

function normalize(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2])
  return [v[0] / length, v[1] / length, v[2] / length]
}
