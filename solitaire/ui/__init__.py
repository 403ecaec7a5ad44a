"""The skin: rich views and prompt_toolkit apps. Only calls the engines."""
