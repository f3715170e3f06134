"""The refusal of an export that ONNX cannot express."""

from lathe.errors import ErrorCode, LatheError


class OnnxUnsupportedError(LatheError):
    """The pipeline has a step, setting or model with no ONNX equivalent; `reason` says
    which, for a person."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            f"This model cannot be exported as ONNX: {reason}. Export it as joblib or pkl instead.",
            ErrorCode.ONNX_UNSUPPORTED,
            {"reason": reason},
        )
