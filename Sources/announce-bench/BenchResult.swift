/// One figure of the benchmark; `target` is an upper bound in the same unit, when there is one.
struct BenchResult: Encodable {
    var name: String
    var value: Double
    var unit: String
    var target: Double?
    var pass: Bool?

    init(_ name: String, _ value: Double, _ unit: String, target: Double? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.target = target
        self.pass = target.map { value <= $0 }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value.isFinite ? value : -1, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(target, forKey: .target)
        try container.encode(pass, forKey: .pass)
    }

    enum CodingKeys: String, CodingKey { case name, value, unit, target, pass }
}
