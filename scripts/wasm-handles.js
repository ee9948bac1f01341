// Appended to the glue of the full module by scripts/build-wasm.sh (after wasm-bindgen's
// code, so the classes and their registries above are defined). wasm-bindgen's glue passes
// whatever `this.__wbg_ptr` holds to wasm as a pointer: a method called on another class's
// handle, or on an object that copies a pointer, would reach the wrong memory. Here each
// class keeps the handles wasm-bindgen made (it registers every one it makes, by its
// constructor or for a handle a call returns, with the class's FinalizationRegistry, which
// this wraps), and a method called on anything else throws a TypeError that says so before
// wasm is reached. A handle used after free() throws a TypeError that says so, and a second
// free() does nothing. A handle never freed is released when it is garbage-collected
// (wasm-bindgen's FinalizationRegistry).
for (const [Handle, registry] of [
  [Solver, SolverFinalization],
  [Timeline, TimelineFinalization],
  [Generator, GeneratorFinalization],
]) {
  const proto = Handle.prototype;
  // Each handle made, with the pointer it was made with.
  const made = new WeakMap();
  const register = registry.register.bind(registry);
  registry.register = (handle, pointer, token) => {
    made.set(handle, pointer);
    register(handle, pointer, token);
  };
  const freed = `This ${Handle.name} was freed; make a new one.`;
  /** Throws unless `self` is a handle this class made, its pointer untouched (or freed). */
  const mustBeMade = (self, name) => {
    if (!made.has(self) || (self.__wbg_ptr !== 0 && self.__wbg_ptr !== made.get(self))) {
      throw new TypeError(
        `${Handle.name}.${name} was called on something that is not a ${Handle.name} ` +
          `made by this module; call it on one (new ${Handle.name}(…)).`,
      );
    }
  };
  const checked = (name, fn) =>
    function (...args) {
      mustBeMade(this, name);
      if (this.__wbg_ptr === 0) {
        throw new TypeError(freed);
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
        mustBeMade(this, name);
        if (this.__wbg_ptr !== 0) {
          free.call(this);
        }
      };
    } else if (typeof property.value === 'function') {
      property.value = checked(name, property.value);
    } else {
      property.get &&= checked(name, property.get);
      property.set &&= checked(name, property.set);
    }
    Object.defineProperty(proto, name, property);
  }
  if (Symbol.dispose) {
    proto[Symbol.dispose] = proto.free;
  }
}
