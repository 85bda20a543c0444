// Work arrays owned by one system: one instance per system (made on first use by its build context) and
// shared by that system's computations, so two systems in one process never write each other's arrays.
import type { BuildContext } from '../model/definition'

export class PerSystem<T> {
  private readonly instances = new WeakMap<BuildContext, T>()
  constructor(private readonly make: () => T) {}
  /** The instance of the system that ctx builds. */
  of(ctx: BuildContext): T {
    let v = this.instances.get(ctx)
    if (v === undefined) {
      v = this.make()
      this.instances.set(ctx, v)
    }
    return v
  }
}
