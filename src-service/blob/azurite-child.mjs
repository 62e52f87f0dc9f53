// Runs Azurite's blob service in this process and exits when the parent service dies, so that a
// killed test run never leaves an emulator behind (a reparented process sees its ppid change).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();

await import('azurite/dist/src/blob/main.js');
