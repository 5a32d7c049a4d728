import OALOracle

/// The engine's reader of the device's files is what the oracle reads
/// through: one memo of decoded documents for both.
extension DeviceView: DeviceFiles {}
