// The app's modal questions and reports: "save before ...?", "the file changed on disk: overwrite or
// reload?", "recover the autosaved model?" and the
// list of problems of a refused file or a failed action. App.vue shows them; anything may ask and
// await the answer.
import { defineStore } from 'pinia'
import { ref, type Ref } from 'vue'
import type { RecoveryOffer } from '../../shared/api'
import type { Problem } from '../../shared/protocol'

export type UnsavedChoice = 'save' | 'discard' | 'cancel'

/** One line per problem: where (kind, name, parameter) and what was expected. */
export const problemLines = (problems: readonly Problem[]): string[] =>
  problems.map((p) => (p.path && p.path !== '(model)' ? `${p.path}: ${p.message}` : p.message))

/** The problems an error carries (an ApiError's details), else its message as one line. */
export function errorLines(error: unknown): string[] {
  const problems = (error as { details?: { problems?: Problem[] } } | null)?.details?.problems
  if (problems?.length) return problemLines(problems)
  return [error instanceof Error ? error.message : String(error)]
}

type Question<Q, A> = Q & { answer: (answer: A) => void }

/** Shows `question` in `slot` until it is answered; resolves the answer. */
function ask<Q, A>(slot: Ref<Question<Q, A> | null>, question: Q): Promise<A> {
  return new Promise((resolve) => {
    slot.value = {
      ...question,
      answer: (answer: A) => {
        slot.value = null
        resolve(answer)
      },
    }
  })
}

export const usePromptStore = defineStore('prompts', () => {
  const unsaved = ref<Question<
    { title: string; action: string; changedOnDisk?: boolean },
    UnsavedChoice
  > | null>(null)
  const recovery = ref<Question<{ offer: RecoveryOffer }, boolean> | null>(null)
  const report = ref<{ title: string; message: string; lines: string[] } | null>(null)

  /** Asks Save / Don't save / Cancel before `action` ("opening another model"). */
  const askUnsaved = (title: string, action: string) => ask(unsaved, { title, action })
  /** Asks Overwrite ('save') / Reload ('discard') / Cancel when another program changed the file. */
  const askChangedOnDisk = (title: string) => ask(unsaved, { title, action: 'saving', changedOnDisk: true })
  /** Asks whether to recover the autosaved model of a session that ended without saving. */
  const askRecovery = (offer: RecoveryOffer) => ask(recovery, { offer })

  /** Shows what went wrong: the error's first line, then every problem it carries, one per line. */
  function reportError(title: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error)
    const lines = errorLines(error)
    const single = lines.length === 1 && lines[0] === message
    report.value = { title, message: single ? message : message.split('\n')[0], lines: single ? [] : lines }
  }

  /** Shows a message with its lines (what an action could not do, one per line). */
  const showLines = (title: string, message: string, lines: string[]) =>
    (report.value = { title, message, lines })

  return {
    unsaved,
    recovery,
    report,
    askUnsaved,
    askChangedOnDisk,
    askRecovery,
    reportError,
    showLines,
    closeReport: () => (report.value = null),
  }
})
