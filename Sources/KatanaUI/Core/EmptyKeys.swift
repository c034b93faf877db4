/// No child keys; the default ``NodeDescription/Keys`` of a description that lays out nothing.
public enum EmptyKeys: Hashable, Sendable {}
