// The normal force laws of Exudyn 1.11's ObjectContactSphereSphere beyond the linear spring-dashpot
// (its item reference, "Connector Forces"). With the overlap delta = -g, the signed power
// delta^n = sign(delta) |delta|^n and the normal gap velocity v_n (> 0 separating), the force on
// marker 1 along n is f_n = f_c + f_d, f_d = -d_c v_n, and by impactModel:
//   0, contactPlasticityRatio lambda_P = 0: f_c = k_c delta^n (the linear model for n = 1);
//   0, lambda_P > 0 (Edinburgh adhesive elasto-plastic model, Thakur et al., Granular Matter 16 (2014)
//      383), k_2 = k_c / (1 - lambda_P), plastic overlap delta_p = max over the contact of
//      lambda_P^(1/n) delta: f_c = -f_adh + k_c delta^n while loading (k_2 (delta^n - delta_p^n) >=
//      k_c delta^n), k_2 (delta^n - delta_p^n) while unloading down to -k_adh delta^n_adh, then
//      -k_adh delta^n_adh (adhesion);
//   1 (Hunt and Crossley, J. Appl. Mech. 42 (1975) 440): f_c = k_c delta^n + lambda delta^n v_n,
//      lambda = 3/2 (e - 1) k_c / v_-;
//   2 (Carvalho and Martins, Mech. Mach. Theory 134 (2019) 466 for e > 1/3, Gonthier et al.,
//      Multibody Syst. Dyn. 11 (2004) 209 below): lambda = 3/2 (e - 1) (11 - e) / (1 + 9 e) k_c / v_-,
//      or (e^2 - 1) / e k_c / v_- for e <= 1/3 (both give 8/3 (e - 1) k_c / v_- at e = 1/3);
// v_- = max(minimumImpactVelocity, the approach speed -v_n when the contact closed); without one
// (v_- = 0) the dissipative term is left out. The adhesion power is delta^n_adh as the reference writes
// it (Exudyn 1.11's code raises to n_adh only when n != 1).
import type { ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'

export interface ImpactLaw {
  contactStiffness: number
  exponent: number
  model: number
  restitution: number
  minimumImpactVelocity: number
  plasticityRatio: number
  pullOffForce: number
  adhesionCoefficient: number
  adhesionExponent: number
}

/** sign(x) |x|^n (x itself for n = 1, so the linear law keeps its exact arithmetic). */
export function signedPower(x: number, n: number): number {
  if (n === 1) return x
  return x < 0 ? -Math.pow(-x, n) : Math.pow(x, n)
}

/** Whether the law needs the impact velocity and the plastic overlap kept from step to step. */
export function hasHistory(law: ImpactLaw): boolean {
  return law.model !== 0 || law.plasticityRatio !== 0
}

/** Factor of k_c / v_- in lambda for impactModel 1 and 2 (0 for model 0). */
export function restitutionFactor(model: number, e: number): number {
  if (model === 1) return 1.5 * (e - 1)
  if (model === 2) return e > 1 / 3 ? (1.5 * (e - 1) * (11 - e)) / (1 + 9 * e) : (e * e - 1) / e
  return 0
}

/**
 * f_c, the elastic (and for models 1, 2 the restitution) part of the normal force on marker 1 along n,
 * at overlap delta and normal velocity vn, with the impact velocity and plastic overlap of the history.
 */
export function elasticNormalForce(
  law: ImpactLaw,
  delta: number,
  vn: number,
  impactVelocity: number,
  plasticOverlap: number,
): number {
  const k = law.contactStiffness,
    n = law.exponent
  const power = signedPower(delta, n)
  if (law.model === 0) {
    if (law.plasticityRatio === 0) return k * power
    const k2 = k / (1 - law.plasticityRatio)
    const reloading = k2 * (power - signedPower(plasticOverlap, n))
    const adhesion = -law.adhesionCoefficient * signedPower(delta, law.adhesionExponent)
    const fc = reloading >= k * power ? k * power : Math.max(reloading, adhesion)
    return fc - law.pullOffForce
  }
  const v = Math.max(law.minimumImpactVelocity, impactVelocity)
  if (!(v > 0)) return k * power
  return k * power + ((restitutionFactor(law.model, law.restitution) * k) / v) * power * vn
}

/** The plastic overlap after a state of overlap delta (> 0), given the largest one of the contact. */
export function plasticOverlapAfter(law: ImpactLaw, delta: number, previous: number): number {
  const ratio = law.exponent === 1 ? law.plasticityRatio : Math.pow(law.plasticityRatio, 1 / law.exponent)
  return Math.max(ratio * delta, previous)
}

export const IMPACT_PARAMETERS = {
  contactStiffnessExponent: {
    type: 'number',
    default: 1,
    min: 0,
    exclusiveMin: true,
    doc: 'exponent n of the elastic force k_c delta^n (delta = -g the overlap; 1.5: Hertz)',
  },
  constantPullOffForce: {
    type: 'number',
    default: 0,
    min: 0,
    unit: 'N',
    doc: 'constant adhesion force f_adh of the adhesive elasto-plastic model (impactModel 0, lambda_P > 0)',
  },
  contactPlasticityRatio: {
    type: 'number',
    default: 0,
    min: 0,
    doc:
      'lambda_P = 1 - k_c / k_2 in [0, 1) of the adhesive elasto-plastic model (unloading stiffness k_2); ' +
      '0 turns the model off',
  },
  adhesionCoefficient: {
    type: 'number',
    default: 0,
    min: 0,
    unit: 'N/m',
    doc: 'adhesion coefficient k_adh of the adhesive elasto-plastic model (unit for n_adh = 1)',
  },
  adhesionExponent: {
    type: 'number',
    default: 1,
    min: 0,
    doc: 'adhesion exponent n_adh of the adhesive elasto-plastic model',
  },
  restitutionCoefficient: {
    type: 'number',
    default: 1,
    min: 0,
    exclusiveMin: true,
    doc: 'coefficient of restitution e of impactModel 1 and 2',
  },
  minimumImpactVelocity: {
    type: 'number',
    default: 0,
    min: 0,
    unit: 'm/s',
    doc: 'lower bound of the impact velocity v_- in the restitution term (more damping at slow impacts)',
  },
  impactModel: {
    type: 'integer',
    default: 0,
    min: 0,
    max: 2,
    doc:
      '0: spring-dashpot (with the adhesive elasto-plastic model when lambda_P > 0); 1: Hunt-Crossley; ' +
      '2: Gonthier / Carvalho-Martins; contactDamping is added in every model',
  },
} satisfies ParamSchema

export function impactLawOf(it: ResolvedItem): ImpactLaw {
  const p = it.params
  return {
    contactStiffness: p.number('contactStiffness'),
    exponent: p.number('contactStiffnessExponent'),
    model: p.number('impactModel'),
    restitution: p.number('restitutionCoefficient'),
    minimumImpactVelocity: p.number('minimumImpactVelocity'),
    plasticityRatio: p.number('contactPlasticityRatio'),
    pullOffForce: p.number('constantPullOffForce'),
    adhesionCoefficient: p.number('adhesionCoefficient'),
    adhesionExponent: p.number('adhesionExponent'),
  }
}

export function checkImpactLaw(it: ResolvedItem): { parameter: string; message: string }[] {
  const ratio = it.params.number('contactPlasticityRatio')
  if (ratio >= 1)
    return [
      {
        parameter: 'contactPlasticityRatio',
        message: `expected a ratio below 1 (k_2 = k_c / (1 - lambda_P)), got ${ratio}`,
      },
    ]
  return []
}
