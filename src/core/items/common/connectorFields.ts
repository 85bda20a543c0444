export const MARKER_PAIR = {
  markerNumbers: {
    type: 'refList' as const,
    kind: 'marker' as const,
    size: 2,
    doc: 'the two markers [m0, m1]',
  },
}

export const ACTIVE_CONNECTOR = {
  activeConnector: {
    type: 'boolean' as const,
    default: true,
    doc: 'false: the connector acts as if not there (for constraints: lambda = 0)',
  },
}
