// A V8 flag in force for the span of one call and set back after it, also when the call throws: V8's
// code cache records the flags in force when it is written, and a cache written at exit under changed
// flags would be refused by the next process (bin/cliBundle.cjs), which would write it again, and so on.
import { setFlagsFromString } from 'node:v8'

/** f() with `flag` in force; `restore`, the value before it, is set again when f returns or throws. */
export function withV8Flag<T>(flag: string, restore: string, f: () => T): T {
  setFlagsFromString(flag)
  try {
    return f()
  } finally {
    setFlagsFromString(restore)
  }
}
