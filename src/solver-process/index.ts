// Placeholder entry until the solver process's message loop around src/core lands.
console.log('solver process')
