// What the viewport draws: the engine's neutral graphics (collectGraphics) of the model, at its
// initial state or at the state of a frame (live run and replay), rebuilt from the frame's ODE2
// coordinates: bodies rotate and deform as they did in the solver; with the joints' links to their
// bodies (jointLinks.ts).
import {
  buildSystem,
  graphicsCollector,
  type CompiledSystem,
  type GraphicsItem,
  type Project,
} from '../../core'
import { jointLinks } from './jointLinks'

export interface SceneModel {
  /** Graphics at the initial state. */
  initial(): GraphicsItem[]
  /**
   * Graphics at the state with ODE2 coordinates `q` (velocities stay initial: the graphics need the
   * configuration only). A frame of another model (a different coordinate count) draws the initial state.
   */
  at(q: Float64Array): GraphicsItem[]
}

export function createSceneModel(project: Project): SceneModel {
  const system: CompiledSystem = buildSystem(project)
  const initialQ = system.state.q.slice()
  // The system is built once per model, so its items' visualize functions are looked up once too.
  const collect = graphicsCollector(system)
  const links = jointLinks(system)
  const show = (q: Float64Array) => {
    system.state.q.set(q)
    system.update(system.state)
    return [...collect(), ...links(system.state)]
  }
  return {
    initial: () => show(initialQ),
    at: (q) => show(q.length === initialQ.length ? q : initialQ),
  }
}
