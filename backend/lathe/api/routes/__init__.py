"""One router per pipeline area; lathe.main includes them all."""
