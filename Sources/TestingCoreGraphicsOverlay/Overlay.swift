// Swift Testing's module declares a cross-import overlay named `_Testing_CoreGraphics` for any
// module called CoreGraphics (on Apple platforms it adds image attachments). When a file imports
// both Testing and our CoreGraphics, the compiler loads this module in Testing's place, so it must
// re-export Testing; an empty overlay would hide `@Test` and `#expect`.
//
// It ships as the opt-in product `CoreGraphicsTestingOverlay`: add it to test targets only, so
// executables that use CoreGraphics never link libTesting.
@_exported import Testing
