import KatanaUI
import TodosCore

/// The props of the settings screen, fed from the store.
struct TodosSettingsScreenProps: NodeDescriptionProps {
  var order = TodoOrder.added
  var itemCount = 0
  var doneCount = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}
