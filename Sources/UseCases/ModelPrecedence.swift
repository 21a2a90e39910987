import Calibration
import Simulation

/// Where a game model's parameters come from, in the one order of precedence every command and
/// endpoint applies:
///
///   built-in defaults  <  a config file's `model`  <  a model file (`--model`)
///                      <  an input's own fields (a request, a slate's game)  <  the options given.
///
/// `base` makes the first three into the model every game of a run starts from (its means
/// unused); the edges then lay an input's fields and the options over it, in that order. A model
/// file gives every parameter `calibrate` fits (sds, correlation, overtime model and its
/// parameters, skew) and leaves the score floor to what is below it.
public enum ModelPrecedence {
  public static func base(
    defaults: GameModel = Defaults.model, config: ((inout GameModel) -> Void)? = nil, file: CalibratedModel? = nil
  ) -> GameModel {
    var model = defaults
    config?(&model)
    guard let file else { return model }
    var fitted = file.template
    fitted.scoreFloor = model.scoreFloor
    return fitted
  }
}
