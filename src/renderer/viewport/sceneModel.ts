// What the viewport draws: the engine's neutral graphics (collectGraphics) of the model, at its
// initial state or at a state rebuilt from a frame of node positions (live run and replay).
import { buildSystem, collectGraphics, type CompiledSystem, type GraphicsItem, type Project } from '../../core'

const PLANAR_NODE_TYPES = new Set(['Point2D', 'RigidBody2D', 'Point2DSlope1'])

export interface SceneModel {
  /** Graphics at the initial state. */
  initial(): GraphicsItem[]
  /**
   * Graphics with each node moved to its position in `positions` (x, y, z per model node, NaN for
   * nodes without a position). Frames carry positions only: orientations stay at their initial value.
   */
  at(positions: Float64Array): GraphicsItem[]
}

export function createSceneModel(project: Project): SceneModel {
  const system: CompiledSystem = buildSystem(project)
  const initialQ = system.state.q.slice()
  return {
    initial() {
      system.state.q.set(initialQ)
      system.update(system.state)
      return collectGraphics(system)
    },
    at(positions) {
      const q = system.state.q
      q.set(initialQ)
      system.nodes.forEach(({ computation: node, item }, index) => {
        if (!node.kinematics || 3 * index + 2 >= positions.length) return
        // The leading coordinates of every node with a position are its x, y (, z) displacements.
        const components = Math.min(node.nODE2, PLANAR_NODE_TYPES.has(item.type) ? 2 : 3)
        for (let k = 0; k < components; k++) {
          const p = positions[3 * index + k]
          if (Number.isFinite(p)) q[node.ode2Index + k] = p - node.reference[k]
        }
      })
      system.update(system.state)
      return collectGraphics(system)
    },
  }
}
