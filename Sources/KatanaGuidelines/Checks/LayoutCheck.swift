import SwiftSyntax

/// <doc:ProjectLayout>: in a target that has a `Logic/` or `State/` folder, every file is under
/// `Logic/`, `State/` or `UI/`, each logic module has a folder of its own, the dependency
/// container is at the top of `Logic/`, and state updaters, side effects and managers are in
/// `Logic/`. A target with neither folder (a UI target, a command-line entry point) declares no
/// state updater, side effect, manager or dependency container.
enum LayoutCheck {
  static func findings(in target: [SourceFile], index: SourceIndex) -> [Finding] {
    var findings: [Finding] = []
    let folders = Set(target.compactMap(\.topFolder))
    let followsLayout = folders.contains("Logic") || folders.contains("State")
    for file in target {
      let logicDeclarations = file.scopes.filter { scope, chain in
        guard scope.kind == .type else { return false }
        let key = index.key(of: scope, in: chain)
        return index.role(of: key) != nil || index.isContainer(key) || PassiveManagersCheck.isManager(scope)
      }
      let fileName = file.pathInTarget.last ?? ""
      if !followsLayout {
        for (scope, _) in logicDeclarations {
          findings.append(
            file.finding(
              .layout, at: scope.nameToken, firstLineOf: scope.node,
              "\(scope.name) is logic in a target without Logic/ or State/: put state updaters, side effects and managers in Logic/<Module>/ and the state in State/ (UI may stay in its own target)"
            )
          )
        }
        continue
      }
      switch file.topFolder {
      case "Logic", "State", "UI":
        break
      default:
        findings.append(
          file.fileFinding(
            .layout, "\(fileName) is outside Logic/, State/ and UI/: move it into the folder of what it holds"
          )
        )
        continue
      }
      let topOfLogic = file.topFolder == "Logic" && file.pathInTarget.count == 2
      var declaresContainer = false
      for (scope, chain) in logicDeclarations {
        let key = index.key(of: scope, in: chain)
        if index.isContainer(key) {
          declaresContainer = true
          if !topOfLogic {
            findings.append(
              file.finding(
                .layout, at: scope.nameToken, firstLineOf: scope.node,
                "the dependency container \(scope.name) belongs at the top of Logic/: move it to Logic/\(scope.name).swift"
              )
            )
          }
        } else if file.topFolder != "Logic" {
          findings.append(
            file.finding(
              .layout, at: scope.nameToken, firstLineOf: scope.node,
              "\(scope.name) is logic outside Logic/: move it to Logic/<Module>/ with the rest of its module"
            )
          )
        }
      }
      if topOfLogic, !declaresContainer {
        findings.append(
          file.fileFinding(
            .layout,
            "\(fileName) is at the top of Logic/, where only the dependency container lives: give its logic module a folder, Logic/<Module>/\(fileName)"
          )
        )
      }
    }
    return findings
  }
}
