export { linearize, type LinearizedSystem } from './linearize'
export { constraintNullSpace, type NullSpace } from './nullSpace'
export { computeModes, ModalError, RIGID_BODY_TOLERANCE, type Mode, type ModesOptions } from './modes'
export { modalAnalysis, systemAt, type LinearizationPoint, type ModalAnalysis } from './modalAnalysis'
