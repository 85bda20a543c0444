// URDF (the ROS robot description) into a project's model, in minimal coordinates (one
// KinematicTree) or in redundant coordinates (a RigidBody per link, a joint per URDF joint). Links
// joined by fixed joints are merged into one body (mass, centre of mass and inertia combined).
// Joints: revolute and continuous (RevoluteZ about the URDF axis), prismatic (PrismaticZ in the tree,
// JointPrismaticX for bodies). Visuals become graphics entries in the link frame (the bodies'
// VgraphicsData, the tree's VgraphicsDataList), the root link's the ground's. What cannot be
// represented (mimic joints, joint limits unless kept as limit stops, transmissions, unresolved
// meshes) is listed in `notes`, never dropped silently. A floating joint's child is a free body in
// the bodies formulation (listed: no joint, no joint sensor); the tree has no free link, so there, and
// for planar joints, the import is refused (UrdfError naming the joint). Joint sensors record each
// joint's coordinate: the tree's node coordinate, or the joint's Coordinates.
import { XMLParser } from 'fast-xml-parser'
import type { JsonObject, JsonValue } from '../model/types'
import {
  add,
  apply,
  eulerParameters,
  frameWithAxis,
  IDENTITY,
  mul,
  rotationFromRpy,
  transpose,
  type Mat3,
  type Vec3,
} from './urdfFrames'

export class UrdfError extends Error {}

export interface UrdfImportOptions {
  formulation: 'tree' | 'bodies'
  /** Gravity vector (m/s^2); none when absent. */
  gravity?: Vec3
  /** A sensor per movable joint, named as the joint, recording its coordinate (rad or m). */
  jointSensors?: boolean
  /**
   * The tree's revolute and prismatic joint limits (lower, upper) kept as limit stops: a
   * ConnectorCoordinateSpringDamperExt per joint, stiffness in N m/rad or N/m, damping in N m s/rad or
   * N s/m (URDF gives none). The bodies formulation has no joint coordinate for them: noted instead.
   */
  limitStops?: { stiffness: number; damping: number }
  /**
   * The project's reference (meshEntry.ts "file") of a visual's mesh filename as the URDF writes it
   * (package://, file:// or a path relative to the URDF), or why it cannot be had. Default: the
   * filename itself when it is a plain path, else a note. `data`: the file's bytes in base64, embedded
   * in the entry (meshEntry.ts "data"); `note`: what the user should know of it.
   */
  meshReference?: (filename: string) => { file: string; data?: string; note?: string } | { problem: string }
}

export interface UrdfImport {
  /** The model lists of a project file (nodes, objects, markers, loads, sensors). */
  model: JsonObject
  robotName: string
  /** Movable links in the order of the tree's links and coordinates. */
  links: string[]
  /** What the importer could not represent. */
  notes: string[]
}

interface Frame {
  R: Mat3
  p: Vec3
}
interface Link {
  name: string
  mass: number
  /** Centre of mass and inertia about it, in the link frame. */
  com: Vec3
  inertia: Mat3
  visuals: { frame: Frame; geometry: JsonObject }[]
}
interface Joint {
  name: string
  type: 'revolute' | 'continuous' | 'prismatic' | 'fixed' | 'floating'
  parent: string
  child: string
  origin: Frame
  axis: Vec3
  /** Position limits kept as limit stops (tree formulation with options.limitStops). */
  stops?: { lower: number; upper: number }
}

type Xml = Record<string, unknown>

const numbers = (text: unknown, n: number, fallback: number[], what: string): number[] => {
  if (text === undefined) return fallback
  const v = String(text).trim().split(/\s+/).map(Number)
  if (v.length !== n || v.some((x) => !Number.isFinite(x)))
    throw new UrdfError(`${what}: expected ${n} numbers, got "${String(text)}"`)
  return v
}
const originOf = (o: Xml | undefined, what: string): Frame => ({
  R: rotationFromRpy(numbers(o?.rpy, 3, [0, 0, 0], `${what} origin rpy`)),
  p: numbers(o?.xyz, 3, [0, 0, 0], `${what} origin xyz`),
})
const list = (x: unknown): Xml[] => (x === undefined ? [] : Array.isArray(x) ? (x as Xml[]) : [x as Xml])

/** A plain relative or absolute path is kept; a package:// or file:// name needs a resolver. */
const plainMeshReference: NonNullable<UrdfImportOptions['meshReference']> = (filename) =>
  /^[a-z]+:\/\//i.test(filename)
    ? { problem: `${filename.split('://')[0]}:// is not resolved here (map it to a folder)` }
    : { file: filename }

function parseLinks(robot: Xml, options: UrdfImportOptions, notes: string[]): Map<string, Link> {
  const links = new Map<string, Link>()
  for (const l of list(robot.link)) {
    const name = String(l.name ?? '')
    if (!name) throw new UrdfError('a <link> has no name')
    if (links.has(name)) throw new UrdfError(`link "${name}" is defined twice`)
    const inertial = l.inertial as Xml | undefined
    const what = `link "${name}" inertial`
    const o = originOf(inertial?.origin as Xml | undefined, what)
    const mass = inertial ? numbers((inertial.mass as Xml | undefined)?.value, 1, [0], `${what} mass`)[0] : 0
    if (mass < 0) throw new UrdfError(`${what} mass: expected a value >= 0, got ${mass}`)
    const i = (inertial?.inertia ?? {}) as Xml
    const c = (k: string): number => numbers(i[k], 1, [0], `${what} inertia ${k}`)[0]
    const local: Mat3 = [
      [c('ixx'), c('ixy'), c('ixz')],
      [c('ixy'), c('iyy'), c('iyz')],
      [c('ixz'), c('iyz'), c('izz')],
    ]
    const visuals: Link['visuals'] = []
    for (const v of list(l.visual)) {
      const frame = originOf(v.origin as Xml | undefined, `link "${name}" visual`)
      const g = (v.geometry ?? {}) as Xml
      if (g.mesh) {
        const mesh = g.mesh as Xml
        const filename = String(mesh.filename ?? '')
        const ref = (options.meshReference ?? plainMeshReference)(filename)
        if ('problem' in ref)
          notes.push(`link "${name}": mesh visual ${filename} not imported: ${ref.problem}`)
        else {
          if (ref.note) notes.push(`link "${name}": mesh visual ${filename} ${ref.note}`)
          visuals.push({
            frame,
            geometry: {
              mesh: ref.file,
              ...(ref.data === undefined ? {} : { meshData: ref.data }),
              scale: numbers(mesh.scale, 3, [1, 1, 1], `link "${name}" mesh scale`),
            },
          })
        }
      } else if (g.box)
        visuals.push({
          frame,
          geometry: { box: numbers((g.box as Xml).size, 3, [], `link "${name}" box size`) },
        })
      else if (g.sphere)
        visuals.push({
          frame,
          geometry: { sphere: numbers((g.sphere as Xml).radius, 1, [], `link "${name}" sphere radius`)[0] },
        })
      else if (g.cylinder) {
        const cyl = g.cylinder as Xml
        visuals.push({
          frame,
          geometry: {
            cylinder: [
              numbers(cyl.radius, 1, [], `link "${name}" cylinder radius`)[0],
              numbers(cyl.length, 1, [], `link "${name}" cylinder length`)[0],
            ],
          },
        })
      }
    }
    links.set(name, { name, mass, com: o.p, inertia: mul(mul(o.R, local), transpose(o.R)), visuals })
  }
  if (links.size === 0) throw new UrdfError('the robot has no <link>')
  return links
}

function parseJoints(
  robot: Xml,
  links: Map<string, Link>,
  options: UrdfImportOptions,
  notes: string[],
): Joint[] {
  const joints: Joint[] = []
  for (const j of list(robot.joint)) {
    const name = String(j.name ?? '')
    const type = String(j.type ?? '')
    const parent = String((j.parent as Xml | undefined)?.link ?? '')
    const child = String((j.child as Xml | undefined)?.link ?? '')
    for (const [role, l] of [
      ['parent', parent],
      ['child', child],
    ])
      if (!links.has(l)) throw new UrdfError(`joint "${name}": ${role} link "${l}" is not defined`)
    if (type === 'floating' && options.formulation === 'bodies')
      notes.push(
        `joint "${name}": floating: link "${child}" is a free rigid body (no joint, no joint sensor)`,
      )
    else if (type === 'floating' || type === 'planar')
      throw new UrdfError(
        `joint "${name}": ${type} joints cannot be imported ` +
          (type === 'floating'
            ? 'into a KinematicTree (the rigid bodies formulation makes the link a free body)'
            : '(revolute, continuous, prismatic and fixed can; floating with rigid bodies)'),
      )
    if (!['revolute', 'continuous', 'prismatic', 'fixed', 'floating'].includes(type))
      throw new UrdfError(`joint "${name}": unknown joint type "${type}"`)
    if (j.mimic)
      notes.push(
        `joint "${name}": mimic of "${String((j.mimic as Xml).joint)}" not imported (it moves freely)`,
      )
    const limit = j.limit as Xml | undefined
    const stops = limit && limitStops(name, type, limit, options)
    const listed = (keys: string[]): string =>
      keys
        .filter((k) => limit?.[k] !== undefined)
        .map((k) => `${k} ${String(limit?.[k])}`)
        .join(', ')
    if (limit && type !== 'fixed' && typeof stops !== 'object')
      notes.push(
        `joint "${name}": limits (${listed(['lower', 'upper', 'effort', 'velocity'])}) not enforced` +
          (stops ? ` (${stops})` : ''),
      )
    else if (typeof stops === 'object' && listed(['effort', 'velocity']) !== '')
      notes.push(`joint "${name}": limits (${listed(['effort', 'velocity'])}) not enforced`)
    const axis = numbers((j.axis as Xml | undefined)?.xyz, 3, [1, 0, 0], `joint "${name}" axis`)
    const n = Math.hypot(axis[0], axis[1], axis[2])
    if (type !== 'fixed' && !(n > 0)) throw new UrdfError(`joint "${name}": the axis is zero`)
    joints.push({
      name,
      type: type as Joint['type'],
      parent,
      child,
      origin: originOf(j.origin as Xml | undefined, `joint "${name}"`),
      axis: axis.map((x) => x / (n || 1)),
      ...(typeof stops === 'object' ? { stops } : {}),
    })
  }
  if (list(robot.transmission).length > 0)
    notes.push(`${list(robot.transmission).length} <transmission> elements not imported`)
  return joints
}

/**
 * A joint's lower and upper limits as limit stops when asked for (options.limitStops), else why not
 * (a string), else undefined (not asked for).
 */
function limitStops(
  name: string,
  type: string,
  limit: Xml,
  options: UrdfImportOptions,
): { lower: number; upper: number } | string | undefined {
  if (!options.limitStops || (type !== 'revolute' && type !== 'prismatic')) return undefined
  if (options.formulation !== 'tree')
    return 'limit stops need the joint coordinate of the KinematicTree formulation'
  if (limit.lower === undefined || limit.upper === undefined) return 'limit stops need both lower and upper'
  const lower = numbers(limit.lower, 1, [], `joint "${name}" limit lower`)[0]
  const upper = numbers(limit.upper, 1, [], `joint "${name}" limit upper`)[0]
  if (!(lower <= upper)) return 'limit stops need lower <= upper'
  return { lower, upper }
}

/** Merges the child of each fixed joint into its parent (frames composed, inertia combined). */
function mergeFixed(links: Map<string, Link>, joints: Joint[]): Joint[] {
  let rest = joints
  for (;;) {
    const f = rest.find((j) => j.type === 'fixed')
    if (!f) return rest
    const P = links.get(f.parent)!,
      C = links.get(f.child)!
    const { R, p } = f.origin
    const cC = add(p, apply(R, C.com))
    const m = P.mass + C.mass
    const com = m > 0 ? [0, 1, 2].map((k) => (P.mass * P.com[k] + C.mass * cC[k]) / m) : P.com
    const shifted = (I: Mat3, mass: number, c: Vec3): Mat3 => {
      const d = [c[0] - com[0], c[1] - com[1], c[2] - com[2]]
      const d2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2
      return I.map((row, a) => row.map((x, b) => x + mass * ((a === b ? d2 : 0) - d[a] * d[b])))
    }
    const IC = mul(mul(R, C.inertia), transpose(R))
    const I1 = shifted(P.inertia, P.mass, P.com),
      I2 = shifted(IC, C.mass, cC)
    P.inertia = I1.map((row, a) => row.map((x, b) => x + I2[a][b]))
    P.mass = m
    P.com = com
    for (const v of C.visuals)
      P.visuals.push({
        frame: { R: mul(R, v.frame.R), p: add(p, apply(R, v.frame.p)) },
        geometry: v.geometry,
      })
    links.delete(C.name)
    rest = rest
      .filter((j) => j !== f)
      .map((j) =>
        j.parent === C.name
          ? { ...j, parent: P.name, origin: { R: mul(R, j.origin.R), p: add(p, apply(R, j.origin.p)) } }
          : j,
      )
  }
}

/** The root link and the movable joints in parent-first order. */
function treeOrder(links: Map<string, Link>, joints: Joint[]): { root: string; ordered: Joint[] } {
  const children = new Set(joints.map((j) => j.child))
  const roots = [...links.keys()].filter((l) => !children.has(l))
  if (roots.length !== 1)
    throw new UrdfError(
      `the links must form one tree: ` +
        `${roots.length === 0 ? 'no root link (a closed loop)' : `several roots (${roots.join(', ')})`}`,
    )
  const seen = new Set<string>()
  for (const j of joints) {
    if (seen.has(j.child)) throw new UrdfError(`link "${j.child}" is the child of more than one joint`)
    seen.add(j.child)
  }
  const ordered: Joint[] = []
  const queue = [roots[0]]
  while (queue.length > 0) {
    const l = queue.shift()!
    for (const j of joints.filter((k) => k.parent === l)) {
      ordered.push(j)
      queue.push(j.child)
    }
  }
  return { root: roots[0], ordered }
}

/** The <robot> element of a URDF text. */
function parseRobot(text: string): Xml {
  let doc: Xml
  try {
    doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text) as Xml
  } catch (e) {
    throw new UrdfError(`not readable as XML: ${(e as Error).message}`)
  }
  const robot = doc.robot as Xml | undefined
  if (!robot) throw new UrdfError('no <robot> element')
  return robot
}

/** The ROS packages the visual meshes of a URDF name (package://NAME/...), in order of first use. */
export function urdfMeshPackages(text: string): string[] {
  const names = list(parseRobot(text).link)
    .flatMap((l) => list(l.visual))
    .map((v) => String(((v.geometry as Xml | undefined)?.mesh as Xml | undefined)?.filename ?? ''))
    .map((filename) => /^package:\/\/([^/]+)\//.exec(filename)?.[1])
  return [...new Set(names.filter((n): n is string => n !== undefined))]
}

/** Parses a URDF text and builds the model in the chosen formulation. */
export function importUrdf(text: string, options: UrdfImportOptions): UrdfImport {
  const stops = options.limitStops
  if (
    stops &&
    !(stops.stiffness > 0 && stops.stiffness < Infinity && stops.damping >= 0 && stops.damping < Infinity)
  )
    throw new UrdfError(
      `limit stops: expected a stiffness > 0 and a damping >= 0, got ${stops.stiffness}, ${stops.damping}`,
    )
  const robot = parseRobot(text)
  const notes: string[] = []
  const links = parseLinks(robot, options, notes)
  const joints = mergeFixed(links, parseJoints(robot, links, options, notes))
  const { root, ordered } = treeOrder(links, joints)
  const robotName = String(robot.name ?? 'robot')
  const build = options.formulation === 'tree' ? treeModel : bodiesModel
  const model = build({ name: robotName, links, root, ordered, options, notes })
  return { model, robotName, links: ordered.map((j) => j.child), notes }
}

const asJson = (m: Mat3): JsonValue => m.map((r) => [...r])

/**
 * The tree's joint type for a URDF joint and the rotation A from the URDF child frame to ours: an
 * axis along +x, +y or +z keeps the URDF frame (RevoluteX ... PrismaticZ, as one would write it by
 * hand); any other axis becomes the z axis of A (RevoluteZ or PrismaticZ).
 */
function treeJoint(j: Joint): { type: string; frame: Mat3 } {
  const kind = j.type === 'prismatic' ? 'Prismatic' : 'Revolute'
  const k = [0, 1, 2].find((i) => j.axis[i] === 1)
  if (k !== undefined) return { type: `${kind}${'XYZ'[k]}`, frame: IDENTITY }
  return { type: `${kind}Z`, frame: frameWithAxis(j.axis, 2) }
}

/** What both formulations are built from. */
interface Robot {
  name: string
  links: Map<string, Link>
  root: string
  /** The movable joints, parent first. */
  ordered: Joint[]
  options: UrdfImportOptions
  notes: string[]
}

function treeModel({ name, links, root, ordered, options }: Robot): JsonObject {
  // Our link frame is the URDF link frame turned by A (treeJoint): offsets, transformations, centres
  // of mass and inertias are expressed in it.
  const A = new Map<string, Mat3>([[root, IDENTITY]])
  const index = new Map<string, number>([[root, -1]])
  const jointTransformations: JsonValue[] = [],
    jointOffsets: JsonValue[] = [],
    linkInertiasCOM: JsonValue[] = [],
    linkCOMs: JsonValue[] = [],
    linkMasses: number[] = [],
    linkParents: number[] = [],
    jointTypes: string[] = []
  ordered.forEach((j, k) => {
    const Ap = A.get(j.parent)!
    const { type, frame: Ac } = treeJoint(j)
    A.set(j.child, Ac)
    index.set(j.child, k)
    const c = links.get(j.child)!
    jointTypes.push(type)
    linkParents.push(index.get(j.parent)!)
    jointOffsets.push(apply(transpose(Ap), j.origin.p))
    jointTransformations.push(asJson(mul(mul(transpose(Ap), j.origin.R), Ac)))
    linkCOMs.push(apply(transpose(Ac), c.com))
    linkInertiasCOM.push(asJson(mul(mul(transpose(Ac), c.inertia), Ac)))
    linkMasses.push(c.mass)
  })
  // Visuals in our link frame (x_ours = A^T x_urdf); the root link's on a ground at the base.
  const graphics = ordered.map((j) => {
    const At = transpose(A.get(j.child)!)
    return links
      .get(j.child)!
      .visuals.map((v) =>
        graphicsEntry({ frame: { R: mul(At, v.frame.R), p: apply(At, v.frame.p) }, geometry: v.geometry }),
      )
  })
  const rootVisuals = links.get(root)!.visuals
  const n = ordered.length
  const stops = limitStopItems(ordered, options)
  return {
    nodes: [
      {
        type: 'GenericODE2',
        name: 'jointCoordinates',
        numberOfODE2Coordinates: n,
        referenceCoordinates: Array(n).fill(0),
        initialCoordinates: Array(n).fill(0),
      },
      ...stops.nodes,
    ],
    objects: [
      ...(rootVisuals.length > 0
        ? [{ type: 'Ground', name: 'ground', VgraphicsData: rootVisuals.map(graphicsEntry) }]
        : []),
      {
        type: 'KinematicTree',
        name,
        nodeNumber: 'jointCoordinates',
        gravity: options.gravity ?? [0, 0, 0],
        jointTypes,
        linkParents,
        jointTransformations,
        jointOffsets,
        linkInertiasCOM,
        linkCOMs,
        linkMasses,
        ...(graphics.some((l) => l.length > 0) ? { VgraphicsDataList: graphics } : {}),
      },
      ...stops.objects,
    ],
    markers: stops.markers,
    loads: [],
    sensors: options.jointSensors
      ? ordered.map((j, k) => ({
          type: 'Node',
          name: j.name,
          nodeNumber: 'jointCoordinates',
          outputVariableType: 'Coordinates',
          coordinate: k,
        }))
      : [],
  }
}

/**
 * Exudyn's joint limits on a tree: per limited joint a ConnectorCoordinateSpringDamperExt from a
 * ground coordinate to the joint coordinate q, with only its limit stops, f = K (q - upper) above
 * upper and K (q - lower) below lower, plus D q' while beyond.
 */
function limitStopItems(
  ordered: Joint[],
  options: UrdfImportOptions,
): { nodes: JsonObject[]; objects: JsonObject[]; markers: JsonObject[] } {
  const limited = ordered.flatMap((j, k) => (j.stops ? [{ j, k, stops: j.stops }] : []))
  if (limited.length === 0 || !options.limitStops) return { nodes: [], objects: [], markers: [] }
  const { stiffness, damping } = options.limitStops
  return {
    nodes: [{ type: 'PointGround', name: 'limitStopsGround' }],
    markers: [
      { type: 'NodeCoordinate', name: 'limitStopsGround', nodeNumber: 'limitStopsGround', coordinate: 0 },
      ...limited.map(({ j, k }) => ({
        type: 'NodeCoordinate',
        name: `${j.name}Coordinate`,
        nodeNumber: 'jointCoordinates',
        coordinate: k,
      })),
    ],
    objects: limited.map(({ j, stops }) => ({
      type: 'ConnectorCoordinateSpringDamperExt',
      name: `${j.name}Limits`,
      markerNumbers: ['limitStopsGround', `${j.name}Coordinate`],
      stiffness: 0,
      damping: 0,
      useLimitStops: true,
      limitStopsLower: stops.lower,
      limitStopsUpper: stops.upper,
      limitStopsStiffness: stiffness,
      limitStopsDamping: damping,
    })),
  }
}

function bodiesModel({ links, root, ordered, options }: Robot): JsonObject {
  const world = new Map<string, Frame>([[root, { R: IDENTITY, p: [0, 0, 0] }]])
  // The root link is the ground, at the origin: its visuals are the ground's graphics.
  const rootVisuals = links.get(root)!.visuals
  const nodes: JsonObject[] = [],
    objects: JsonObject[] = [
      {
        type: 'Ground',
        name: 'ground',
        ...(rootVisuals.length > 0 ? { VgraphicsData: rootVisuals.map(graphicsEntry) } : {}),
      },
    ],
    markers: JsonObject[] = [],
    loads: JsonObject[] = [],
    sensors: JsonObject[] = []
  const body = (link: string): string => (link === root ? 'ground' : link)
  for (const j of ordered) {
    const P = world.get(j.parent)!
    const F = { R: mul(P.R, j.origin.R), p: add(P.p, apply(P.R, j.origin.p)) }
    world.set(j.child, F)
    const c = links.get(j.child)!
    // Inertia about the reference point (the link origin): J = J_com + m (|c|^2 I - c c^T).
    const c2 = c.com[0] ** 2 + c.com[1] ** 2 + c.com[2] ** 2
    const J = c.inertia.map((row, a) =>
      row.map((x, b) => x + c.mass * ((a === b ? c2 : 0) - c.com[a] * c.com[b])),
    )
    nodes.push({
      type: 'RigidBodyEP',
      name: `${c.name}Node`,
      referenceCoordinates: [...F.p, ...eulerParameters(F.R)],
    })
    objects.push({
      type: 'RigidBody',
      name: c.name,
      nodeNumber: `${c.name}Node`,
      physicsMass: c.mass,
      physicsInertia: [J[0][0], J[1][1], J[2][2], J[1][2], J[0][2], J[0][1]],
      physicsCenterOfMass: c.com,
      ...(c.visuals.length > 0 ? { VgraphicsData: c.visuals.map(graphicsEntry) } : {}),
    })
    // A floating joint leaves its child free: no joint, no joint coordinate to record.
    if (j.type !== 'floating') {
      const prismatic = j.type === 'prismatic'
      const axisFrame = frameWithAxis(j.axis, prismatic ? 0 : 2)
      markers.push(
        { type: 'BodyRigid', name: `${j.name}Parent`, bodyNumber: body(j.parent), localPosition: j.origin.p },
        { type: 'BodyRigid', name: `${j.name}Child`, bodyNumber: c.name, localPosition: [0, 0, 0] },
      )
      objects.push({
        type: prismatic ? 'JointPrismaticX' : 'JointRevoluteZ',
        name: j.name,
        markerNumbers: [`${j.name}Parent`, `${j.name}Child`],
        rotationMarker0: asJson(mul(j.origin.R, axisFrame)),
        rotationMarker1: asJson(axisFrame),
      })
      if (options.jointSensors)
        sensors.push({
          type: 'Object',
          name: j.name,
          objectNumber: j.name,
          outputVariableType: 'Coordinates',
        })
    }
    if (options.gravity) {
      markers.push({ type: 'BodyMass', name: `${c.name}Mass`, bodyNumber: c.name })
      loads.push({
        type: 'MassProportional',
        name: `${c.name}Gravity`,
        markerNumber: `${c.name}Mass`,
        loadVector: options.gravity,
      })
    }
  }
  return { nodes, objects, markers, loads, sensors }
}

/** A URDF visual shape as a VgraphicsData entry in the link frame. */
function graphicsEntry({ frame, geometry }: Link['visuals'][number]): JsonObject {
  const { R, p } = frame
  if (geometry.mesh !== undefined)
    return {
      type: 'Mesh',
      file: geometry.mesh,
      ...(geometry.meshData === undefined ? {} : { data: geometry.meshData }),
      scale: geometry.scale,
      position: p,
      rotation: asJson(R),
    }
  if (geometry.sphere !== undefined) return { type: 'Sphere', position: p, radius: geometry.sphere as number }
  if (geometry.cylinder !== undefined) {
    const [radius, length] = geometry.cylinder as number[]
    const axis = apply(R, [0, 0, length])
    return { type: 'Cylinder', position: add(p, apply(R, [0, 0, -length / 2])), axis, radius }
  }
  // A box: eight corners turned by R, twelve outward triangles.
  const [lx, ly, lz] = geometry.box as number[]
  const points: number[] = []
  for (let k = 0; k < 8; k++)
    points.push(
      ...add(p, apply(R, [(k & 1 ? 0.5 : -0.5) * lx, (k & 2 ? 0.5 : -0.5) * ly, (k & 4 ? 0.5 : -0.5) * lz])),
    )
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ]
  return { type: 'TriangleList', points, triangles: quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]) }
}
