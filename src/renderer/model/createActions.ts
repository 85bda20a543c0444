// Create actions in the terms engineers think in: each has a small form (a parameter schema, so the
// property editor's fields render it) and builds the items it stands for.
import {
  cloneJson,
  getItemType,
  itemTypes,
  type ItemSpec,
  type JsonValue,
  type ModelListKey,
  type ParamSchema,
  uniqueName,
} from '../../core'
import { findItem, type ItemRef, type ProjectSpec } from './projectSpec'
import { axisVector, resolveUpAxis } from '../viewport/upAxis'

export type FormValues = Record<string, JsonValue>

export interface Addition {
  kind: ModelListKey
  item: ItemSpec
}

export interface CreateAction {
  id: 'rigidBody' | 'joint' | 'spring' | 'gravity' | 'sensor'
  label: string
  doc: string
  form(spec: ProjectSpec, selection: ItemRef[]): ParamSchema
  /** The items to add and the item to select afterwards; throws an Error with a message for the user. */
  build(
    spec: ProjectSpec,
    values: FormValues,
    selection: ItemRef[],
  ): { additions: Addition[]; select: ItemRef | null }
}

const bodyTypes = () =>
  itemTypes('object')
    .filter((d) => d.traits?.body)
    .map((d) => d.type)
const vector3 = (doc: string, fallback: number[], unit = 'm') => ({
  type: 'vector' as const,
  size: 3,
  default: fallback,
  unit,
  doc,
})
const num = (values: FormValues, key: string) => values[key] as number
const vec = (values: FormValues, key: string) => values[key] as number[]
const sub = (a: number[], b: number[]) => a.map((x, i) => x - b[i])

/** Names the additions get, unique against the model and each other. */
class Namer {
  private readonly taken = new Map<ModelListKey, Set<string>>()
  constructor(private readonly spec: ProjectSpec) {}
  name(kind: ModelListKey, base: string): string {
    const taken = this.taken.get(kind) ?? new Set<string>()
    const name = uniqueName(this.spec, kind, base, taken)
    taken.add(name)
    this.taken.set(kind, taken)
    return name
  }
}

/** Where a body is in its reference configuration (its node's position, or the ground's). */
export function bodyPosition(spec: ProjectSpec, bodyName: string): number[] {
  const body = findItem(spec, { kind: 'objects', name: bodyName })
  if (!body) throw new Error(`There is no body "${bodyName}"`)
  if (Array.isArray(body.referencePosition)) return (body.referencePosition as number[]).slice(0, 3)
  const nodeRef = body.nodeNumber ?? (Array.isArray(body.nodeNumbers) ? body.nodeNumbers[0] : undefined)
  const node =
    typeof nodeRef === 'string'
      ? findItem(spec, { kind: 'nodes', name: nodeRef })
      : typeof nodeRef === 'number'
        ? spec.model.nodes[nodeRef]
        : undefined
  const coordinates = (node?.referenceCoordinates as number[] | undefined) ?? []
  return [
    coordinates[0] ?? 0,
    coordinates[1] ?? 0,
    node?.type === 'Point2D' || node?.type === 'RigidBody2D' ? 0 : (coordinates[2] ?? 0),
  ]
}

function hasOrientation(spec: ProjectSpec, bodyName: string): boolean {
  const body = findItem(spec, { kind: 'objects', name: bodyName })
  return Boolean(body && getItemType('object', body.type)?.traits?.orientation)
}

/** The ground object's name; adds one to `additions` when the model has none. */
function groundName(spec: ProjectSpec, namer: Namer, additions: Addition[]): string {
  const ground = spec.model.objects.find((o) => o.type === 'Ground')
  if (ground) return ground.name
  const name = namer.name('objects', 'ground')
  additions.push({ kind: 'objects', item: { type: 'Ground', name } })
  return name
}

/** The named body; "ground" in a model without it names a Ground added to `additions`. */
function bodyOrGround(spec: ProjectSpec, namer: Namer, additions: Addition[], body: string): string {
  if (typeof body !== 'string' || body === '')
    throw new Error('Choose two bodies: the model has no second body yet (create a rigid body first)')
  return body === 'ground' && !findItem(spec, { kind: 'objects', name: 'ground' })
    ? groundName(spec, namer, additions)
    : body
}

/** Where a body of the form is: a ground the action adds is at the origin. */
const formBodyPosition = (spec: ProjectSpec, body: string): number[] =>
  body === 'ground' && !findItem(spec, { kind: 'objects', name: 'ground' })
    ? [0, 0, 0]
    : bodyPosition(spec, body)

/** Where a body of the build is: one the build adds (a ground) is at the origin. */
const buildBodyPosition = (spec: ProjectSpec, additions: Addition[], body: string): number[] =>
  additions.some((a) => a.item.name === body) ? [0, 0, 0] : bodyPosition(spec, body)

const bodyChoice = (doc: string, fallback: string | undefined) => ({
  type: 'ref' as const,
  kind: 'object' as const,
  types: bodyTypes(),
  ...(fallback !== undefined ? { default: fallback } : {}),
  doc,
})

/** The first and second selected bodies (for the defaults of joint and spring forms). */
function selectedBodies(spec: ProjectSpec, selection: ItemRef[]): string[] {
  const types = bodyTypes()
  return selection
    .filter((r) => r.kind === 'objects' && types.includes(findItem(spec, r)?.type ?? ''))
    .map((r) => r.name)
}

function defaultBodies(spec: ProjectSpec, selection: ItemRef[]): [string | undefined, string | undefined] {
  const selected = selectedBodies(spec, selection)
  const ground = spec.model.objects.find((o) => o.type === 'Ground')?.name
  const last = [...spec.model.objects]
    .reverse()
    .find((o) => bodyTypes().includes(o.type) && o.type !== 'Ground')?.name
  // "ground" names a Ground the action adds when the model has none.
  if (selected.length >= 2) return [selected[0], selected[1]]
  if (selected.length === 1) return [ground ?? 'ground', selected[0]]
  return [ground ?? 'ground', last]
}

const rigidBody: CreateAction = {
  id: 'rigidBody',
  label: 'Rigid body',
  doc: 'A box-shaped rigid body: node (Euler parameters), body with the box inertia, a frame marker and a mass marker',
  form: () => ({
    name: { type: 'string', default: 'body', doc: 'name of the body (node and markers are named after it)' },
    position: vector3('position of the centre of mass', [1, 0, 0]),
    size: vector3('box edge lengths along x, y, z', [0.4, 0.1, 0.1]),
    mass: { type: 'number', default: 1, min: 0, exclusiveMin: true, unit: 'kg', doc: 'mass' },
    color: { type: 'color', default: [0.45, 0.6, 0.85, 1], doc: 'colour' },
  }),
  build(spec, values) {
    const namer = new Namer(spec)
    const base = (values.name as string).trim() || 'body'
    const name = namer.name('objects', base)
    const [a, b, c] = vec(values, 'size')
    const m = num(values, 'mass')
    if (!(a > 0 && b > 0 && c > 0)) throw new Error('size: expected three edge lengths > 0 m')
    // Box about its centre: Jxx = m (b^2 + c^2) / 12 etc.; Exudyn order [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy].
    const inertia = [
      (m * (b * b + c * c)) / 12,
      (m * (a * a + c * c)) / 12,
      (m * (a * a + b * b)) / 12,
      0,
      0,
      0,
    ]
    const node = namer.name('nodes', `${name}Node`)
    const additions: Addition[] = [
      {
        kind: 'nodes',
        item: {
          type: 'RigidBodyEP',
          name: node,
          referenceCoordinates: [...vec(values, 'position'), 1, 0, 0, 0],
        },
      },
      {
        kind: 'objects',
        item: {
          type: 'RigidBody',
          name,
          physicsMass: m,
          physicsInertia: inertia,
          nodeNumber: node,
          Vcolor: values.color,
        },
      },
      {
        kind: 'markers',
        item: {
          type: 'BodyRigid',
          name: namer.name('markers', `${name}Frame`),
          bodyNumber: name,
          localPosition: [0, 0, 0],
        },
      },
      {
        kind: 'markers',
        item: { type: 'BodyMass', name: namer.name('markers', `${name}Mass`), bodyNumber: name },
      },
    ]
    return { additions, select: { kind: 'objects', name } }
  },
}

const JOINT_TYPES = ['RevoluteZ', 'Spherical'] as const

const joint: CreateAction = {
  id: 'joint',
  label: 'Joint',
  doc: 'A joint between two bodies at a point: a marker on each body there, and the joint between them',
  form(spec, selection) {
    const [first, second] = defaultBodies(spec, selection)
    return {
      body0: bodyChoice('first body (the ground is added when the model has none)', first ?? 'ground'),
      body1: bodyChoice('second body', second),
      point: vector3('joint point in global coordinates', [0, 0, 0]),
      jointType: {
        type: 'enum',
        values: JOINT_TYPES,
        default: 'RevoluteZ',
        doc: 'RevoluteZ: rotation about the global z axis; Spherical: any rotation',
      },
    }
  },
  build(spec, values) {
    const namer = new Namer(spec)
    const additions: Addition[] = []
    const bodies = [values.body0, values.body1].map((b) => bodyOrGround(spec, namer, additions, b as string))
    if (bodies[0] === bodies[1]) throw new Error('A joint needs two different bodies')
    const point = vec(values, 'point')
    const rigid = bodies.every((b) => hasOrientation(spec, b) || additions.some((a) => a.item.name === b))
    const type = values.jointType === 'RevoluteZ' ? 'JointRevoluteZ' : 'JointSpherical'
    if (type === 'JointRevoluteZ' && !rigid)
      throw new Error(
        'A revolute joint needs two bodies with an orientation (rigid bodies or the ground); use Spherical for mass points',
      )
    const markers = bodies.map((body) => {
      const name = namer.name('markers', `${body}Joint`)
      const origin = buildBodyPosition(spec, additions, body)
      additions.push({
        kind: 'markers',
        item: {
          type: rigid ? 'BodyRigid' : 'BodyPosition',
          name,
          bodyNumber: body,
          localPosition: sub(point, origin),
        },
      })
      return name
    })
    const name = namer.name('objects', type === 'JointRevoluteZ' ? 'revolute' : 'spherical')
    // Drawn at the scale of a hand-built model (the definitions' defaults suit metre-sized machines).
    const look: Record<string, number> =
      type === 'JointRevoluteZ' ? { VaxisRadius: 0.03, VaxisLength: 0.12 } : { VjointRadius: 0.04 }
    additions.push({ kind: 'objects', item: { type, name, markerNumbers: markers, ...look } })
    return { additions, select: { kind: 'objects', name } }
  },
}

const spring: CreateAction = {
  id: 'spring',
  label: 'Spring',
  doc: 'A spring-damper between a point on one body and a point on another; relaxed at its current length',
  form(spec, selection) {
    const [first, second] = defaultBodies(spec, selection)
    return {
      body0: bodyChoice('first body (the ground is added when the model has none)', first),
      point0: vector3('first point in global coordinates', first ? formBodyPosition(spec, first) : [0, 0, 0]),
      body1: bodyChoice('second body', second),
      point1: vector3(
        'second point in global coordinates',
        second ? formBodyPosition(spec, second) : [1, 0, 0],
      ),
      stiffness: { type: 'number', default: 100, min: 0, unit: 'N/m', doc: 'stiffness' },
      damping: { type: 'number', default: 1, min: 0, unit: 'N s/m', doc: 'damping' },
    }
  },
  build(spec, values) {
    const namer = new Namer(spec)
    const additions: Addition[] = []
    const ends = [0, 1].map((i) => ({
      body: bodyOrGround(spec, namer, additions, values[`body${i}`] as string),
      point: vec(values, `point${i}`),
    }))
    if (ends[0].body === ends[1].body) throw new Error('A spring needs two different bodies')
    const length = Math.hypot(...sub(ends[1].point, ends[0].point))
    const markers = ends.map(({ body, point }) => {
      const name = namer.name('markers', `${body}Spring`)
      const origin = buildBodyPosition(spec, additions, body)
      additions.push({
        kind: 'markers',
        item: { type: 'BodyPosition', name, bodyNumber: body, localPosition: sub(point, origin) },
      })
      return name
    })
    const name = namer.name('objects', 'spring')
    additions.push({
      kind: 'objects',
      item: {
        type: 'ConnectorSpringDamper',
        name,
        markerNumbers: markers,
        referenceLength: length,
        stiffness: num(values, 'stiffness'),
        damping: num(values, 'damping'),
      },
    })
    return { additions, select: { kind: 'objects', name } }
  },
}

const gravity: CreateAction = {
  id: 'gravity',
  label: 'Gravity',
  doc: 'A weight force on every body that has a mass and no gravity load yet',
  // Along the model's own gravity when it has some (a Z-up model gets -Z, not a sideways pull), else -Y
  // (+ 0: the form shows 0, not -0, in the other components).
  form: (spec) => ({
    g: vector3(
      'gravitational acceleration',
      axisVector(resolveUpAxis('auto', spec.model)).map((c) => -9.81 * c + 0),
      'm/s^2',
    ),
  }),
  build(spec, values) {
    const namer = new Namer(spec)
    const additions: Addition[] = []
    const loaded = new Set(
      spec.model.loads.filter((l) => l.type === 'MassProportional').map((l) => l.markerNumber),
    )
    for (const body of spec.model.objects) {
      if (!('physicsMass' in (getItemType('object', body.type)?.parameters ?? {}))) continue
      let marker = spec.model.markers.find((m) => m.type === 'BodyMass' && m.bodyNumber === body.name)?.name
      if (marker && loaded.has(marker)) continue
      if (!marker) {
        marker = namer.name('markers', `${body.name}Mass`)
        additions.push({ kind: 'markers', item: { type: 'BodyMass', name: marker, bodyNumber: body.name } })
      }
      additions.push({
        kind: 'loads',
        item: {
          type: 'MassProportional',
          name: namer.name('loads', `${body.name}Gravity`),
          markerNumber: marker,
          loadVector: values.g,
        },
      })
    }
    if (additions.length === 0) throw new Error('Every body with a mass already has gravity')
    return { additions, select: null }
  },
}

/** The sensor type for an item of each kind and its reference parameter. */
const SENSOR_FOR: Record<ModelListKey, { type: string; parameter: string }> = {
  nodes: { type: 'Node', parameter: 'nodeNumber' },
  objects: { type: 'Body', parameter: 'bodyNumber' },
  markers: { type: 'Marker', parameter: 'markerNumber' },
  loads: { type: 'Load', parameter: 'loadNumber' },
  sensors: { type: '', parameter: '' },
}

const OUTPUTS = [
  'Position',
  'Displacement',
  'Velocity',
  'Acceleration',
  'Rotation',
  'AngularVelocity',
  'Force',
  'Torque',
  'Distance',
  'KineticEnergy',
] as const

const sensor: CreateAction = {
  id: 'sensor',
  label: 'Sensor',
  doc: 'A sensor on the selected node, body, connector, marker or load',
  form(spec, selection) {
    const target = selection.find((r) => r.kind !== 'sensors')
    const isBody = target?.kind === 'objects' && bodyTypes().includes(findItem(spec, target)?.type ?? '')
    const output = target?.kind === 'loads' || (target?.kind === 'objects' && !isBody) ? 'Force' : 'Position'
    return { output: { type: 'enum', values: OUTPUTS, default: output, doc: 'what the sensor records' } }
  },
  build(spec, values, selection) {
    const target = selection.find((r) => r.kind !== 'sensors')
    if (!target) throw new Error('Select a node, object, marker or load first, then add a sensor on it')
    const item = findItem(spec, target)!
    let { type, parameter } = SENSOR_FOR[target.kind]
    if (target.kind === 'objects' && !bodyTypes().includes(item.type))
      ({ type, parameter } = { type: 'Object', parameter: 'objectNumber' })
    const name = new Namer(spec).name('sensors', `${target.name}${values.output as string}`)
    return {
      additions: [
        {
          kind: 'sensors',
          item: { type, name, [parameter]: target.name, outputVariableType: values.output },
        },
      ],
      select: { kind: 'sensors', name },
    }
  },
}

export const CREATE_ACTIONS: readonly CreateAction[] = [rigidBody, joint, spring, gravity, sensor]

/** Form values filled with each field's default. */
export function defaultFormValues(schema: ParamSchema): FormValues {
  return Object.fromEntries(
    Object.entries(schema).map(([key, spec]) => [key, cloneJson((spec.default ?? '') as JsonValue)]),
  )
}
