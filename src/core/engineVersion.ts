// The engine's version, recorded in every results file so a re-run can tell whether the program
// that wrote it is the one verifying it. Equal to package.json's version (a unit test checks it).
export const ENGINE_VERSION = '0.1.0'
