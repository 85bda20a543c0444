// v-focus for dialogs: the element gets the keyboard when it appears (Enter presses a focused button).
import type { Directive } from 'vue'

export const vFocus: Directive<HTMLElement> = { mounted: (el) => el.focus() }
