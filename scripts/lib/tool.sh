# Sourced by the scripts in scripts/ (first thing after `set`): what makes
# each of them behave like a tool (docs/PROCESSES.md, "Terminal
# conventions"). Not a command itself.

# The sourcing script, by absolute path, taken before it changes directory.
TOOL_SELF="$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)/$(basename "${BASH_SOURCE[1]}")"

# tool_help: the script's own header, every comment line after the shebang
# up to the first line of code, so the help cannot be cut short by a line
# count that went stale.
tool_help() {
    awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$TOOL_SELF"
}

# tool_version: "NAME VERSION", the version every oal-* executable prints
# (Sources/OALSystem/Console/ToolVersion.swift).
tool_version() {
    local source
    source="$(dirname "$TOOL_SELF")/../Sources/OALSystem/Console/ToolVersion.swift"
    echo "$(basename "$TOOL_SELF") $(sed -n 's/.*current = "\(.*\)".*/\1/p' "$source")"
}
