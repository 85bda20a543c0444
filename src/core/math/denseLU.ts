// Dense LU factorization with partial pivoting on a row-major Float64Array, reusable without
// allocation once sized. Used for small systems and as the reference for the sparse path.

export class DenseLU {
  private n = 0
  private lu = new Float64Array(0)
  private piv = new Int32Array(0)
  /**
   * The last matrix was diagonal (a constant lumped mass matrix of an explicit solver): solve divides
   * by the diagonal, which is what the general substitution computes there, with no loops over zeros.
   */
  private diagonal = false

  /** Size of the last factorized matrix. */
  get size(): number {
    return this.n
  }

  /**
   * Factorizes A (n x n, row-major; not modified). Returns -1 on success, otherwise the index of the
   * first pivot column found (numerically) singular, so callers can name the coordinate involved.
   */
  factorize(A: Float64Array, n: number): number {
    if (this.lu.length < n * n) {
      this.lu = new Float64Array(n * n)
      this.piv = new Int32Array(n)
    }
    this.n = n
    const lu = this.lu
    // One pass copies A and finds its largest entry (no subarray view: it would allocate per call).
    let scale = 0
    let diagonal = true
    for (let i = 0; i < n * n; i++) {
      const v = A[i]
      lu[i] = v
      scale = Math.max(scale, Math.abs(v))
      if (v !== 0 && i % (n + 1) !== 0) diagonal = false
    }
    this.diagonal = diagonal
    const tiny = scale * 1e-14 * Math.max(1, n)
    for (let k = 0; k < n; k++) {
      let p = k
      let maxv = Math.abs(lu[k * n + k])
      for (let i = k + 1; i < n; i++) {
        const v = Math.abs(lu[i * n + k])
        if (v > maxv) {
          maxv = v
          p = i
        }
      }
      this.piv[k] = p
      if (maxv <= tiny || maxv === 0) return k
      if (p !== k) {
        for (let j = 0; j < n; j++) {
          const t = lu[k * n + j]
          lu[k * n + j] = lu[p * n + j]
          lu[p * n + j] = t
        }
      }
      const inv = 1 / lu[k * n + k]
      for (let i = k + 1; i < n; i++) {
        const f = (lu[i * n + k] *= inv)
        if (f !== 0) {
          for (let j = k + 1; j < n; j++) lu[i * n + j] -= f * lu[k * n + j]
        }
      }
    }
    return -1
  }

  /**
   * When the last factorized matrix was diagonal, its diagonal into out (length n; the factors of a
   * diagonal matrix are the matrix itself) and true; else false.
   */
  diagonalInto(out: Float64Array): boolean {
    if (!this.diagonal) return false
    for (let i = 0; i < this.n; i++) out[i] = this.lu[i * (this.n + 1)]
    return true
  }

  /** Solves A x = b in place (b becomes x). */
  solve(b: Float64Array): void {
    const n = this.n
    const lu = this.lu
    if (this.diagonal) {
      for (let i = 0; i < n; i++) b[i] = b[i] / lu[i * (n + 1)]
      return
    }
    const piv = this.piv
    for (let k = 0; k < n; k++) {
      const p = piv[k]
      if (p !== k) {
        const t = b[k]
        b[k] = b[p]
        b[p] = t
      }
    }
    for (let i = 1; i < n; i++) {
      const row = i * n
      let s = b[i]
      for (let j = 0; j < i; j++) s -= lu[row + j] * b[j]
      b[i] = s
    }
    for (let i = n - 1; i >= 0; i--) {
      const row = i * n
      let s = b[i]
      for (let j = i + 1; j < n; j++) s -= lu[row + j] * b[j]
      b[i] = s / lu[row + i]
    }
  }
}
