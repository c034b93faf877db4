// The elements whose corner radius and border width scale with the Plastic multiplier.

extension ViewProps: PlasticStyledProps {}
extension LabelProps: PlasticStyledProps {}
extension ButtonProps: PlasticStyledProps {}
extension ImageProps: PlasticStyledProps {}
extension TextFieldProps: PlasticStyledProps {}
