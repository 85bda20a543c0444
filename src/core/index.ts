// Public API of the engine. Importing it registers the built-in item types.
import { registerBuiltinItems } from './items'

registerBuiltinItems()

export * from './model/types'
export * from './model/parameters'
export * from './model/definition'
export * from './model/registry'
export * from './model/resolve'
export * from './model/settings'
export * from './model/project'
export * from './model/expression'
export * from './system/state'
export * from './system/computation'
export * from './system/compiledSystem'
export * from './system/graphics'
export * from './solvers'
export * from './simulation'
export * from './checkpoint'
export * from './results'
export * from './system/visualization'
export { jointCoordinates, treeCoordinates } from './items/objects/kinematicTree'
