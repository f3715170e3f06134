"""A fitted training pipeline as one ONNX model: the uploaded file's raw columns in,
predictions out."""

from lathe.ml.onnx_export.assembly import onnx_model
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.usage_code import onnx_usage_code

__all__ = ["OnnxUnsupportedError", "onnx_model", "onnx_usage_code"]
