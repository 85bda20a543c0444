// One CSV field (RFC 4180): quoted, its quotes doubled, where it holds a comma, a quote or a line break.

export function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
