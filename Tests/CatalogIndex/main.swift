// catalog-index: makes Sources/Catalog/Resources/movies.index from movies.csv
// beside it (`MovieIndexFile`). Run after changing the CSV:
//     swift run catalog-index
// The output is the same, byte for byte, for the same CSV; CatalogTests
// fails while the committed index is not what this makes.
import Catalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

do {
    let path = try MovieIndexFile.writePackageIndex()
    print("catalog-index: wrote \(path)")
} catch {
    print("catalog-index: \(error.message)")
    exit(1)
}
