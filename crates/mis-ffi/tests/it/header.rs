//! `include/mis.h` must declare exactly the functions `src/lib.rs` exports, with the
//! same names, parameter names and C types, and the built libraries must export them.
//!
//! How drift is caught: both files are parsed here. Every `#[no_mangle] ... extern "C"
//! fn` in lib.rs becomes a C prototype (`c_int` -> `int`, `*mut T` -> `T *`, no return
//! type -> `void`) and the list must equal the header's prototypes, so changing
//! either side alone fails. The `const` items below pin the Rust signatures at
//! compile time, so the parser cannot be fooled by formatting it does not
//! understand; and the symbols are looked up in libmis.so / libmis.a, so a missing
//! `#[no_mangle]` fails too. The drivers, compiled with `-Werror` against the header,
//! check the header is valid C and C++.

// System calls the checks need (who the test runs as, signals to its own children).
#![allow(unsafe_code)]

use crate::common::{lib_dir, package_dir};
use std::ffi::c_int;
use std::process::Command;

// The exported signatures, checked by the compiler.
const _: extern "C" fn(c_int, c_int, c_int) = mis::poczatek;
const _: unsafe extern "C" fn(c_int, c_int, *mut c_int, *mut c_int) = mis::ruch_bolka;

/// A C prototype: `(return type, name, [(parameter type, parameter name)])`,
/// types without spaces (`int*`).
type Prototype = (String, String, Vec<(String, String)>);

fn strip_c_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("*/").expect("unterminated comment") + start + 2;
        rest = &rest[end..];
    }
    out.push_str(rest);
    out.lines()
        .map(|line| line.split("//").next().unwrap())
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `"int *bp"` -> `("int*", "bp")`.
fn c_parameter(text: &str) -> (String, String) {
    let text = text.trim();
    let split = text
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .expect("parameter has a type and a name");
    let (ty, name) = text.split_at(split + 1);
    (ty.replace(' ', ""), name.to_string())
}

fn header_prototypes(header: &str) -> Vec<Prototype> {
    let code = strip_c_comments(header)
        .replace("extern \"C\" {", "")
        .replace('}', "");
    let mut prototypes: Vec<Prototype> = code
        .split(';')
        .map(str::trim)
        .filter(|decl| !decl.is_empty())
        .map(|decl| {
            let open = decl.find('(').expect("a function prototype");
            let params = decl[open + 1..decl.rfind(')').expect(")")].trim();
            let (ret, name) = c_parameter(&decl[..open]);
            let params = if params == "void" {
                Vec::new()
            } else {
                params.split(',').map(c_parameter).collect()
            };
            (ret, name, params)
        })
        .collect();
    prototypes.sort();
    prototypes
}

fn rust_type_in_c(ty: &str) -> String {
    let ty = ty.trim();
    if let Some(inner) = ty.strip_prefix("*mut ") {
        return format!("{}*", rust_type_in_c(inner));
    }
    if let Some(inner) = ty.strip_prefix("*const ") {
        return format!("const{}*", rust_type_in_c(inner));
    }
    match ty.rsplit("::").next().unwrap() {
        "c_int" | "i32" => "int".to_string(),
        "()" | "" => "void".to_string(),
        other => panic!("no C mapping for Rust type {other:?}"),
    }
}

fn exported_rust_functions(source: &str) -> Vec<Prototype> {
    let mut prototypes = Vec::new();
    for (i, _) in source.match_indices("#[no_mangle]") {
        let item = &source[i..];
        let fn_at = item
            .find("extern \"C\" fn ")
            .expect("an extern \"C\" fn after #[no_mangle]");
        let signature = &item[fn_at + "extern \"C\" fn ".len()..item.find('{').unwrap()];
        let open = signature.find('(').unwrap();
        let close = signature.rfind(')').unwrap();
        let name = signature[..open].trim().to_string();
        let params = signature[open + 1..close]
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (name, ty) = p.split_once(':').expect("name: type");
                (rust_type_in_c(ty), name.trim().to_string())
            })
            .collect();
        let ret = signature[close + 1..].trim().trim_start_matches("->");
        prototypes.push((rust_type_in_c(ret), name, params));
    }
    prototypes.sort();
    prototypes
}

#[test]
fn header_declares_exactly_the_exported_functions() {
    let header = duel_mis_abi::MIS_H;
    let source = std::fs::read_to_string(package_dir().join("src/lib.rs")).unwrap();
    let declared = header_prototypes(header);
    let exported = exported_rust_functions(&source);
    assert_eq!(declared, exported);
    // The task's interface, as the statement fixes it.
    let int = |n: &str| ("int".to_string(), n.to_string());
    let int_ptr = |n: &str| ("int*".to_string(), n.to_string());
    let expected = vec![
        (
            "void".into(),
            "poczatek".into(),
            vec![int("p"), int("e"), int("peb")],
        ),
        (
            "void".into(),
            "ruch_bolka".into(),
            vec![int("p"), int("e"), int_ptr("bp"), int_ptr("be")],
        ),
    ];
    assert_eq!(declared, expected);
}

#[test]
fn parsers_see_a_changed_signature() {
    // The checks above can fail: a drifted header or source parses differently.
    let header =
        "void poczatek(int p, int e, int peb);\nvoid ruch_bolka(int p, int e, int *bp, int *be);";
    let drifted = header.replace("int *be", "long *be");
    assert_ne!(header_prototypes(header), header_prototypes(&drifted));
    let source = "#[no_mangle]\npub extern \"C\" fn poczatek(p: c_int, e: c_int) {}";
    assert_ne!(header_prototypes(header), exported_rust_functions(source));
}

#[test]
fn libraries_export_the_declared_symbols() {
    let header = duel_mis_abi::MIS_H;
    for (file, flags) in [
        ("libmis.so", vec!["-D", "--defined-only"]),
        ("libmis.a", vec!["--defined-only"]),
    ] {
        let out = Command::new("nm")
            .args(&flags)
            .arg(lib_dir().join(file))
            .output()
            .expect("nm (binutils) is installed");
        let symbols = String::from_utf8_lossy(&out.stdout);
        for (_, name, _) in header_prototypes(header) {
            let exported = symbols.lines().any(|line| {
                let mut fields = line.split_whitespace().rev();
                fields.next() == Some(name.as_str()) && fields.next() == Some("T")
            });
            assert!(exported, "{file} does not export {name}");
        }
    }
}
