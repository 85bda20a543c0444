// Create actions in the terms engineers think in: each has a small form (a parameter schema, so the
// property editor's fields render it) and builds the items it stands for.
import {
  addItems,
  applyPatch,
  buildSystem,
  cloneJson,
  getItemType,
  itemTypes,
  KIND_LIST_KEY,
  sensorOutputs,
  type ItemKind,
  type EnumParam,
  type ItemSpec,
  type JsonValue,
  type ModelListKey,
  type ParamSchema,
  type SensorOutputs,
  uniqueName,
} from '../../core'
import { findItem, validateSpec, type ItemRef, type ProjectSpec } from './projectSpec'
import { axisVector, resolveUpAxis } from '../viewport/upAxis'
import { shapeEntry, shapeInertia, type BodyShape } from './shapeInertia'
import { meshBodyValues, meshRotation, type CreateHost } from './meshBody'

export type FormValues = Record<string, JsonValue>

export interface Addition {
  kind: ModelListKey
  item: ItemSpec
}

export interface CreateAction {
  id: 'rigidBody' | 'rigidBodyFromMesh' | 'joint' | 'spring' | 'gravity' | 'sensor'
  label: string
  doc: string
  form(spec: ProjectSpec, selection: ItemRef[]): ParamSchema
  /** Work before build that needs the host (reading a file): the values build gets. */
  prepare?(values: FormValues, host: CreateHost): Promise<FormValues>
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

/** The project with the additions made (a copy sharing the untouched lists). */
export const withAdditions = (spec: ProjectSpec, additions: Addition[]): ProjectSpec =>
  applyPatch(spec, addItems(spec, additions).patch).doc

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

interface End {
  body: string
  /** Global position in the initial configuration. */
  point: number[]
}

/** A body's end at its reference position; "ground" may name a Ground the action adds (at the origin). */
function bodyEnd(spec: ProjectSpec, body: string): End {
  const exists = findItem(spec, { kind: 'objects', name: body })
  return { body, point: exists ? bodyPosition(spec, body) : [0, 0, 0] }
}

/** Where a marker is in the initial configuration, from the built model (its body may be rotated). */
function markerPosition(spec: ProjectSpec, markerName: string): number[] {
  const validated = validateSpec(spec)
  if (!validated.ok) throw new Error(validated.problems[0].message)
  const system = buildSystem(validated.project)
  const index = spec.model.markers.findIndex((m) => m.name === markerName)
  const point = new Float64Array(3)
  system.marker(index).kinematics?.position(system.state, point)
  return [...point]
}

/** The selected bodies and body markers, in selection order, as ends for joints and springs. */
function selectedEnds(spec: ProjectSpec, selection: ItemRef[]): End[] {
  const types = bodyTypes()
  return selection.flatMap((r): End[] => {
    const item = findItem(spec, r)
    if (r.kind === 'objects' && types.includes(item?.type ?? '')) return [bodyEnd(spec, r.name)]
    if (r.kind !== 'markers' || typeof item?.bodyNumber !== 'string') return []
    return [{ body: item.bodyNumber, point: markerPosition(spec, r.name) }]
  })
}

/** Two selected ends; one selected end with the ground; else the ground and the last body. */
function defaultEnds(spec: ProjectSpec, selection: ItemRef[]): [End, End | undefined] {
  const selected = selectedEnds(spec, selection)
  // "ground" names a Ground the action adds when the model has none.
  const ground = bodyEnd(spec, spec.model.objects.find((o) => o.type === 'Ground')?.name ?? 'ground')
  const last = [...spec.model.objects]
    .reverse()
    .find((o) => bodyTypes().includes(o.type) && o.type !== 'Ground')?.name
  if (selected.length >= 2) return [selected[0], selected[1]]
  if (selected.length === 1) return [ground, selected[0]]
  return [ground, last === undefined ? undefined : bodyEnd(spec, last)]
}

/** The shape the rigid body form describes, centred on the body's reference point (along x). */
function formShape(values: FormValues): BodyShape {
  const shape = values.shape as string
  if (shape === 'box') {
    const size = vec(values, 'size')
    if (!size.every((x) => x > 0)) throw new Error('size: expected three edge lengths > 0 m')
    return { type: 'Brick', size }
  }
  const radius = num(values, 'radius')
  if (!(radius > 0)) throw new Error(`radius: expected a radius > 0 m for the ${shape}`)
  if (shape === 'sphere') return { type: 'Sphere', radius }
  const length = num(values, 'length')
  if (!(length > 0)) throw new Error('length: expected a cylinder length > 0 m')
  return { type: 'Cylinder', axis: [length, 0, 0], radius }
}

const rigidBody: CreateAction = {
  id: 'rigidBody',
  label: 'Rigid body',
  doc:
    'A rigid body of a homogeneous box, sphere or cylinder: node (Euler parameters), body whose inertia ' +
    'follows its mass and size (until the inertia is edited), a frame marker and a mass marker',
  form: () => ({
    name: { type: 'string', default: 'body', doc: 'name of the body (node and markers are named after it)' },
    shape: {
      type: 'enum',
      values: ['box', 'sphere', 'cylinder'],
      default: 'box',
      doc: 'shape (graphics and inertia)',
    },
    position: vector3('position of the centre of mass', [1, 0, 0]),
    size: vector3('box: edge lengths along x, y, z', [0.4, 0.1, 0.1]),
    radius: {
      type: 'number',
      default: 0.05,
      min: 0,
      exclusiveMin: true,
      unit: 'm',
      doc: 'sphere, cylinder: radius',
    },
    length: {
      type: 'number',
      default: 0.4,
      min: 0,
      exclusiveMin: true,
      unit: 'm',
      doc: 'cylinder: length along x',
    },
    mass: { type: 'number', default: 1, min: 0, exclusiveMin: true, unit: 'kg', doc: 'mass' },
    color: { type: 'color', default: [0.45, 0.6, 0.85, 1], doc: 'colour' },
  }),
  build(spec, values) {
    const m = num(values, 'mass')
    const shape = formShape(values)
    return rigidBodyAdditions(spec, values, {
      physicsMass: m,
      physicsInertia: shapeInertia(shape, m),
      VgraphicsData: [shapeEntry(shape)],
    })
  },
}

/**
 * A rigid body named values.name at values.position (its node, Euler parameters) of values.color
 * with `body`'s mass, inertia and graphics, a frame marker at the node and a mass marker.
 */
function rigidBodyAdditions(
  spec: ProjectSpec,
  values: FormValues,
  body: Record<string, JsonValue>,
): { additions: Addition[]; select: ItemRef } {
  const namer = new Namer(spec)
  const name = namer.name('objects', (values.name as string).trim() || 'body')
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
    { kind: 'objects', item: { type: 'RigidBody', name, ...body, nodeNumber: node, Vcolor: values.color } },
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
}

const rigidBodyFromMesh: CreateAction = {
  id: 'rigidBodyFromMesh',
  label: 'Body from mesh',
  doc:
    'A rigid body of a closed mesh file (STL, OBJ, glTF, GLB) of uniform density: its mass, centre ' +
    'of mass and inertia from the mesh (divergence theorem), the mesh as its graphics, its node at ' +
    'the mesh origin, its axes the global ones',
  form: () => ({
    name: { type: 'string', default: 'part', doc: 'name of the body (node and markers are named after it)' },
    file: {
      type: 'string',
      default: '',
      doc: "the mesh file (path; relative paths from the project file's folder)",
    },
    density: { type: 'number', default: 7850, min: 0, exclusiveMin: true, unit: 'kg/m^3', doc: 'density' },
    scale: {
      type: 'number',
      default: 1,
      min: 0,
      exclusiveMin: true,
      doc: "the file's length unit in m (0.001 for a file in mm)",
    },
    position: vector3('position of the mesh origin (the body reference point)', [0, 0, 0]),
    rotation: vector3(
      "the file's axes turned in the body: angles about x, y, z in turn (Rx Ry Rz, Exudyn's RotXYZ)",
      [0, 0, 0],
      'rad',
    ),
    color: { type: 'color', default: [0.45, 0.6, 0.85, 1], doc: 'colour' },
    embed: {
      type: 'boolean',
      default: false,
      doc: 'copy the file into the project (base64), so that it draws without the file',
    },
  }),
  prepare: meshBodyValues,
  build(spec, values) {
    const mass = values.massProperties as Record<string, JsonValue> | undefined
    if (!mass) throw new Error('Pick a mesh file first')
    const scale = num(values, 'scale')
    const R = meshRotation(values.rotation)
    return rigidBodyAdditions(spec, values, {
      physicsMass: mass.mass,
      physicsCenterOfMass: mass.centerOfMass,
      physicsInertia: mass.inertia,
      VgraphicsData: [
        {
          type: 'Mesh',
          file: values.meshReference,
          ...(typeof values.meshData === 'string' ? { data: values.meshData } : {}),
          ...(scale === 1 ? {} : { scale: [scale, scale, scale] }),
          ...(R ? { rotation: [R.slice(0, 3), R.slice(3, 6), R.slice(6, 9)] } : {}),
        },
      ],
    })
  },
}

/** Joint types with two marker references: the candidates a joint between two bodies can be. */
const jointTypes = () =>
  itemTypes('object')
    .filter((d) => d.type.startsWith('Joint') && d.parameters.markerNumbers?.type === 'refList')
    .map((d) => d.type)

// Drawn at the scale of a hand-built model (the definitions' defaults suit metre-sized machines).
const JOINT_LOOK: Record<string, number> = { VaxisRadius: 0.03, VaxisLength: 0.12, VjointRadius: 0.04 }

/** The markers and the joint of `type` between two bodies at a global point, with the given marker type. */
function jointAdditions(
  spec: ProjectSpec,
  type: string,
  bodyChoices: string[],
  point: number[],
  markerType: 'BodyRigid' | 'BodyPosition',
): { additions: Addition[]; name: string } {
  const namer = new Namer(spec)
  const additions: Addition[] = []
  const bodies = bodyChoices.map((b) => bodyOrGround(spec, namer, additions, b))
  if (bodies[0] === bodies[1]) throw new Error('A joint needs two different bodies')
  const markers = bodies.map((body) => {
    const name = namer.name('markers', `${body}Joint`)
    const origin = buildBodyPosition(spec, additions, body)
    additions.push({
      kind: 'markers',
      item: { type: markerType, name, bodyNumber: body, localPosition: sub(point, origin) },
    })
    return name
  })
  const base = type.replace(/^Joint/, '')
  const name = namer.name('objects', base[0].toLowerCase() + base.slice(1))
  const parameters = getItemType('object', type)?.parameters ?? {}
  const look = Object.fromEntries(Object.entries(JOINT_LOOK).filter(([key]) => key in parameters))
  additions.push({ kind: 'objects', item: { type, name, markerNumbers: markers, ...look } })
  return { additions, name }
}

/**
 * The joint of `type` between the bodies, with rigid markers where both bodies have an orientation and
 * position markers otherwise; the engine decides whether it fits (the model with it validates and builds).
 */
function fittingJoint(
  spec: ProjectSpec,
  type: string,
  bodies: string[],
  point: number[],
): { additions: Addition[]; name: string } | string {
  const rigid = bodies.every((b) => hasOrientation(spec, b) || !findItem(spec, { kind: 'objects', name: b }))
  let problem = ''
  for (const markerType of rigid ? (['BodyRigid', 'BodyPosition'] as const) : (['BodyPosition'] as const)) {
    const joint = jointAdditions(spec, type, bodies, point, markerType)
    const validated = validateSpec(withAdditions(spec, joint.additions))
    if (!validated.ok) {
      problem ||= validated.problems.map((p) => p.message).join('\n')
      continue
    }
    try {
      buildSystem(validated.project)
      return joint
    } catch (e) {
      problem ||= (e as Error).message
    }
  }
  return problem
}

const joint: CreateAction = {
  id: 'joint',
  label: 'Joint',
  doc: 'A joint between two bodies at a point: a marker on each body there, and the joint between them',
  form(spec, selection) {
    const [first, second] = defaultEnds(spec, selection).map((end) => end?.body)
    const bodies = [first ?? 'ground', second]
    const fitting =
      second === undefined
        ? jointTypes()
        : jointTypes().filter((t) => typeof fittingJoint(spec, t, bodies as string[], [0, 0, 0]) !== 'string')
    const types = fitting.length > 0 ? fitting : jointTypes()
    return {
      body0: bodyChoice('first body (the ground is added when the model has none)', bodies[0]),
      body1: bodyChoice('second body', second),
      point: vector3('joint point in global coordinates', [0, 0, 0]),
      jointType: {
        type: 'enum',
        values: types,
        default: types.includes('JointRevoluteZ') ? 'JointRevoluteZ' : types[0],
        doc: 'the joint types that fit these two bodies (see the item reference for each)',
      },
    }
  },
  build(spec, values) {
    const joint = fittingJoint(
      spec,
      values.jointType as string,
      [values.body0 as string, values.body1 as string],
      vec(values, 'point'),
    )
    if (typeof joint === 'string') throw new Error(`${values.jointType as string} does not fit: ${joint}`)
    return { additions: joint.additions, select: { kind: 'objects', name: joint.name } }
  },
}

const spring: CreateAction = {
  id: 'spring',
  label: 'Spring',
  doc: 'A spring-damper between a point on one body and a point on another; relaxed at its current length',
  form(spec, selection) {
    const [first, second] = defaultEnds(spec, selection)
    return {
      body0: bodyChoice('first body (the ground is added when the model has none)', first.body),
      point0: vector3('first point in global coordinates', first.point),
      body1: bodyChoice('second body', second?.body),
      point1: vector3('second point in global coordinates', second?.point ?? [1, 0, 0]),
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

/** What sensors the first selected item (not a sensor) takes, as the sensor definitions say. */
function sensorChoices(
  spec: ProjectSpec,
  selection: ItemRef[],
): { target?: ItemRef; choices: SensorOutputs[] } {
  const target = selection.find((r) => r.kind !== 'sensors')
  if (!target) return { choices: [] }
  const validated = validateSpec(spec)
  if (!validated.ok) return { target, choices: [] }
  const kind = (Object.keys(KIND_LIST_KEY) as ItemKind[]).find((k) => KIND_LIST_KEY[k] === target.kind)!
  const index = spec.model[target.kind].findIndex((item) => item.name === target.name)
  try {
    return { target, choices: sensorOutputs(buildSystem(validated.project), kind, index) }
  } catch {
    return { target, choices: [] }
  }
}

/** With nothing selected (or only sensors), the sensor records an energy of the whole system. */
const SYSTEM_SENSOR = getItemType('sensor', 'System')!.parameters.outputVariableType as EnumParam

const sensor: CreateAction = {
  id: 'sensor',
  label: 'Sensor',
  doc:
    'A sensor on the selected node, body, connector, marker or load; with nothing selected, ' +
    'an energy of the whole system',
  form(spec, selection): ParamSchema {
    const { target, choices } = sensorChoices(spec, selection)
    if (!target)
      return { output: { ...SYSTEM_SENSOR, doc: 'the energy of the whole system the sensor records' } }
    const outputs = [...new Set(choices.flatMap((c) => c.outputs))]
    if (outputs.length === 0) return {}
    const output = outputs.includes('Position') ? 'Position' : outputs[0]
    return { output: { type: 'enum', values: outputs, default: output, doc: 'what the sensor records' } }
  },
  build(spec, values, selection) {
    const { target, choices } = sensorChoices(spec, selection)
    const output = values.output as string
    const choice = target
      ? choices.find((c) => c.outputs.includes(output))
      : { sensorType: 'System', parameter: undefined }
    if (!choice) throw new Error(`No sensor records an output of "${target!.name}" (does the model build?)`)
    const name = new Namer(spec).name('sensors', target ? `${target.name}${output}` : `system${output}`)
    return {
      additions: [
        {
          kind: 'sensors',
          item: {
            type: choice.sensorType,
            name,
            ...(choice.parameter && target ? { [choice.parameter]: target.name } : {}),
            outputVariableType: output,
          },
        },
      ],
      select: { kind: 'sensors', name },
    }
  },
}

export const CREATE_ACTIONS: readonly CreateAction[] = [
  rigidBody,
  rigidBodyFromMesh,
  joint,
  spring,
  gravity,
  sensor,
]

/** Form values filled with each field's default. */
export function defaultFormValues(schema: ParamSchema): FormValues {
  return Object.fromEntries(
    Object.entries(schema).map(([key, spec]) => [key, cloneJson((spec.default ?? '') as JsonValue)]),
  )
}
