"""Render structured modules (``world.code_model``) to Python source and to a skeleton.

Each function shape has one body template. Every rendered module parses with
``ast.parse``; the validity checks confirm it for every generated file.
"""

from __future__ import annotations

from inspect_memgym.code_qa.world.code_model import BufferClass, Function, Module, Setting
from inspect_memgym.code_qa.world.domains import plural, spaced

ERROR_CLASS_TEMPLATE = '''

class {error_class}(Exception):
    """An error of the {service} with a stable code."""

    def __init__(self, code, message):
        super().__init__(f"{{code}}: {{message}}")
        self.code = code
        self.message = message
'''

BUFFER_CLASS_TEMPLATE = '''

class {name}:
    """Buffers {plural} and hands them back in chunks."""

    def __init__(self, settings):
        self.chunk_size = settings.get("{key}", {constant})
        self.pending = []

    def add(self, {noun}):
        """Add one {spaced}; return a full chunk, or an empty list."""
        self.pending.append({noun})
        if len(self.pending) >= self.chunk_size:
            return self.flush()
        return []

    def flush(self):
        """Return every pending {spaced} and start over."""
        chunk, self.pending = self.pending, []
        return chunk
'''

HELPER_BODIES: tuple[str, ...] = (
    '    updated = dict({item})\n    updated["{field}"] = option\n    return updated\n',
    '    if not {item}.get("{field}"):\n        return None\n'
    '    return {{**{item}, "checked": option}}\n',
    "    kept = {{key: value for key, value in {item}.items() if value is not None}}\n"
    '    kept["{field}"] = option\n    return kept\n',
)
"""Bodies of private helpers, chosen by the length of the helper's name."""


def signature(function: Function) -> str:
    """The ``def`` line of a function, without the trailing colon.

    Args:
        function: The function.
    """
    if function.shape == "helper":
        parameters = f"{function.noun}, option"
    elif function.shape == "orchestrate":
        parameters = f"{function.record}, settings"
    else:
        parameters = f"{plural(function.noun)}, settings"
        if function.flag:
            parameters += f", *, {function.flag}=False"
    return f"def {function.name}({parameters})"


def _setting_line(setting: Setting) -> str:
    return f'    {setting.variable} = settings.get("{setting.key}", {setting.constant})\n'


def _docstring(function: Function, error_class: str) -> str:
    lines = [f'    """{function.summary}\n']
    if function.shape == "helper":
        return lines[0].rstrip("\n") + '"""\n'
    lines.append("\n    Args:\n")
    if function.shape == "orchestrate":
        lines.append(f"        {function.record}: The {function.record} to process.\n")
        lines.append("        settings: Service settings, passed on.\n")
    else:
        lines.append(f"        {plural(function.noun)}: The {spaced(plural(function.noun))}.\n")
        key = f"``{function.setting.key}``" if function.setting else "nothing"
        lines.append(f"        settings: Service settings; reads {key}.\n")
        if function.flag:
            lines.append(f"        {function.flag}: Compute the result but keep nothing.\n")
    raised = [error for error in (function.cap_error, function.error) if error is not None]
    if raised:
        lines.append("\n    Raises:\n")
        lines.extend(
            f"        {error_class}: {error.code} ({error.message}).\n" for error in raised
        )
    lines.append('    """\n')
    return "".join(lines)


def _body(function: Function, error_class: str, cache_name: str) -> str:
    noun = function.noun
    items = plural(noun)
    error = function.error
    raise_line = f'raise {error_class}("{error.code}", "{error.message}")' if error else "return []"
    variable = function.setting.variable if function.setting else "None"
    parts: list[str] = [_setting_line(function.setting)] if function.setting else []
    if function.cap and function.cap_error:
        cap_error = function.cap_error
        parts.append(
            f"    if len({items}) > {function.cap}:\n"
            f'        raise {error_class}("{cap_error.code}", "{cap_error.message}")\n'
        )
    helper = function.calls[0] if function.calls else "dict"
    if function.shape == "each":
        parts.append(
            f"    kept = []\n    for {noun} in {items}:\n"
            f'        if {noun}.get("{function.field}") is None:\n            {raise_line}\n'
            f"        kept.append({helper}({noun}, {variable}))\n"
        )
        if function.flag:
            parts.append(f"    if {function.flag}:\n        return []\n")
        parts.append("    return kept\n")
    elif function.shape == "total":
        parts.append(
            f"    total = 0\n    for {noun} in {items}:\n"
            f'        total += {noun}.get("{function.field}", 0)\n'
            f"    if total > {variable}:\n        {raise_line}\n"
            f'    return {{"total": round(total, 2), "limit": {variable}}}\n'
        )
    elif function.shape == "retry":
        parts.append(
            f"    sent = []\n    for {noun} in {items}:\n"
            f"        for attempt in range({variable}):\n"
            f"            result = {helper}({noun}, attempt)\n"
            "            if result is not None:\n                sent.append(result)\n"
            f"                break\n        else:\n            {raise_line}\n    return sent\n"
        )
    elif function.shape == "cached":
        parts.append(
            f"    found = []\n    for {noun} in {items}:\n"
            f'        cache_key = ({noun}.get("tenant_id"), {noun}.get("{function.field}"))\n'
            f"        if cache_key not in {cache_name}:\n"
            f"            {cache_name}[cache_key] = {helper}({noun}, {variable})\n"
            f"        if {cache_name}[cache_key] is None:\n            {raise_line}\n"
            f"        found.append({cache_name}[cache_key])\n    return found\n"
        )
    elif function.shape == "orchestrate":
        parts.append(f'    {items} = {function.record}.get("{items}", [])\n')
        parts.extend(f"    {items} = {callee}({items}, settings)\n" for callee in function.calls)
        parts.append(f'    return {{"{function.record}": {function.record}.get("id"), ')
        parts.append(f'"{items}": {items}}}\n')
    else:
        template = HELPER_BODIES[len(function.name) % len(HELPER_BODIES)]
        parts.append(template.format(item=noun, field=function.field))
    return "".join(parts)


def cache_name(noun: str) -> str:
    """Name of the module-level cache a ``cached`` function of this noun uses.

    Args:
        noun: The function's noun.
    """
    return f"_{noun.upper()}_CACHE"


def render_function(function: Function, error_class: str) -> str:
    """Source of one function, without surrounding blank lines.

    Args:
        function: The function.
        error_class: The exception class its module raises.
    """
    return (
        f"{signature(function)}:\n"
        f"{_docstring(function, error_class)}"
        f"{_body(function, error_class, cache_name(function.noun))}"
    )


def _render_class(buffer: BufferClass) -> str:
    return BUFFER_CLASS_TEMPLATE.format(
        name=buffer.name,
        plural=spaced(plural(buffer.noun)),
        noun=buffer.noun,
        spaced=spaced(buffer.noun),
        key=buffer.chunk_key,
        constant=buffer.chunk_constant,
    )


def render_module(module: Module, service: str) -> str:
    """Python source of a module.

    Args:
        module: The module.
        service: The service it belongs to (for the error class docstring).
    """
    parts = [f'"""{module.summary}"""\n\nfrom __future__ import annotations\n']
    if module.defines_error:
        parts.append(ERROR_CLASS_TEMPLATE.format(error_class=module.error_class, service=service))
        return "".join(parts)
    import_lines = [f"from {module.error_module} import {module.error_class}\n"]
    import_lines.extend(f"from {dotted} import {name}\n" for dotted, name in module.imports)
    parts.append("\n" + "".join(import_lines))
    if module.constants:
        parts.append("\n")
        for constant in module.constants:
            if constant.comment:
                parts.append(f"# {constant.comment}\n")
            parts.append(f"{constant.name} = {constant.value}\n")
    parts.extend(f"\n\n{render_function(item, module.error_class)}" for item in module.functions)
    parts.extend(_render_class(buffer) for buffer in module.classes)
    return "".join(parts)


def skeleton_entry(module: Module) -> str:
    """The skeleton lines of one module: its path, classes and function signatures.

    Args:
        module: The module.
    """
    lines = [module.path]
    if module.defines_error:
        lines.append(f"    class {module.error_class}(Exception)")
        lines.append("        def __init__(self, code, message)")
    for buffer in module.classes:
        lines.append(f"    class {buffer.name}")
        lines.append("        def __init__(self, settings)")
        lines.append(f"        def add(self, {buffer.noun})")
        lines.append("        def flush(self)")
    lines.extend(f"    {signature(function)}" for function in module.functions)
    return "\n".join(lines)
