"""Dependencies every router shares."""

from typing import Annotated

from fastapi import Depends

from lathe.api.session_cookie import session_id, settings_of, store_of
from lathe.config import Settings
from lathe.store.session_store import SessionStore

Store = Annotated[SessionStore, Depends(store_of)]
Config = Annotated[Settings, Depends(settings_of)]
SessionId = Annotated[str | None, Depends(session_id)]
