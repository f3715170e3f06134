"""Helpers the backend tests share."""
