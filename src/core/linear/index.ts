export { linearize, type LinearizedSystem } from './linearize'
export { constraintNullSpace, type NullSpace } from './nullSpace'
export { computeModes, RIGID_BODY_TOLERANCE, type Mode, type ModesOptions } from './modes'
export { ModalError, reduceSystem, type ReducedSystem } from './reducedSystem'
export {
  describePoint,
  modalAnalysis,
  lowestModesAt,
  modesAt,
  modesOfSystem,
  SPARSE_MODES_MIN_COORDINATES,
  type ModesAt,
  type SparseModes,
  systemAt,
  type LinearizationPoint,
  type ModalAnalysis,
} from './modalAnalysis'
export { stateSpace, stateSpaceAt, StateSpaceError, type StateSpace } from './stateSpace'
export { dominantNodesBy, type NodeShare } from './dominantNodes'
export { lowestModes, SingularShiftError, type SparseModesOptions } from './sparseModes'
