// Appended to the glue of the full module by scripts/build-wasm.sh (after wasm-bindgen's
// code, so the classes above are defined). wasm-bindgen's glue sets a handle's pointer to 0
// on free() and then throws "null pointer passed to rust" on any use; here a handle used
// after free() throws a TypeError that says so, and a second free() does nothing. A handle
// never freed is released when it is garbage-collected (wasm-bindgen's FinalizationRegistry).
for (const Handle of [Solver, Timeline, Generator]) {
  const proto = Handle.prototype;
  const message = `This ${Handle.name} was freed; make a new one.`;
  const checked = (fn) =>
    function (...args) {
      if (this.__wbg_ptr === 0) {
        throw new TypeError(message);
      }
      return fn.apply(this, args);
    };
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor' || name === '__destroy_into_raw') {
      continue;
    }
    const property = Object.getOwnPropertyDescriptor(proto, name);
    if (name === 'free') {
      const free = property.value;
      property.value = function () {
        if (this.__wbg_ptr !== 0) {
          free.call(this);
        }
      };
    } else if (typeof property.value === 'function') {
      property.value = checked(property.value);
    } else {
      property.get &&= checked(property.get);
      property.set &&= checked(property.set);
    }
    Object.defineProperty(proto, name, property);
  }
  if (Symbol.dispose) {
    proto[Symbol.dispose] = proto.free;
  }
}
