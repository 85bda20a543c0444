// Lines from each joint to the bodies it connects (a pendulum's link between its pivot and its
// body): for every Joint* object, from the point of its first marker (where the joint is) to the
// centre of mass of each marker's body, the ground excepted, at the state drawn. Their item ids are
// "link:J" (J the joint's object index), so the view shows or hides them as a kind of their own.
import type { CompiledSystem, GraphicsItem, PointKinematics, SystemState } from '../../core'

/** A muted yellow, apart from the engine's joint, body and connector colours. */
const LINK_COLOR = [0.85, 0.75, 0.35, 1]

interface Link {
  id: string
  joint: PointKinematics
  bodies: PointKinematics[]
}

/** The links of the system's joints; the returned function draws them at a state. */
export function jointLinks(system: CompiledSystem): (s: SystemState) => GraphicsItem[] {
  const links: Link[] = []
  for (let j = 0; j < system.count('object'); j++) {
    const item = system.item('object', j)
    const markers = item.params.raw('markerNumbers')
    if (!item.type.startsWith('Joint') || !Array.isArray(markers)) continue
    const joint = system.marker(markers[0] as number).kinematics
    const bodies = (markers as number[]).flatMap((m) => {
      const body = system.item('marker', m).params.raw('bodyNumber')
      if (typeof body !== 'number' || system.item('object', body).type === 'Ground') return []
      const centre = system.object(body).centerOfMass?.()
      return centre ? [centre] : []
    })
    if (joint && bodies.length > 0) links.push({ id: `link:${j}`, joint, bodies })
  }
  const from = new Float64Array(3)
  const to = new Float64Array(3)
  return (s) =>
    links.map(({ id, joint, bodies }) => {
      joint.position(s, from)
      return {
        item: id,
        primitives: bodies.map((body) => {
          body.position(s, to)
          return {
            shape: 'line',
            points: [from[0], from[1], from[2], to[0], to[1], to[2]],
            color: LINK_COLOR,
          }
        }),
      }
    })
}
