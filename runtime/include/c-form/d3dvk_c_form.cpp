// d3dvk_c_form.cpp — build-time generator of the C form of d3dvk's public headers.
//
// Owns: turning each C++ interface declaration of runtime/include/*.h (the one
// description of every interface) into the C form the Windows SDK's headers have,
// next to it in a copy of the header:
//   #if defined(__cplusplus) && !defined(CINTERFACE)
//     <the C++ struct, unchanged>
//   #else
//     typedef struct IFooVtbl { <every method in vtable order, inherited ones first,
//                                each taking IFoo* This first> } IFooVtbl;
//     struct IFoo { CONST_VTBL struct IFooVtbl* lpVtbl; };
//     #ifdef COBJMACROS  IFoo_Method(This, …) for every method  #endif
//   #endif
// Everything else in a header is copied unchanged (it is written as valid C and
// C++). Usage: d3dvk_c_form OUT_DIR HEADER…; all headers are read first so an
// interface may derive from one declared in another header. A declaration the
// generator does not understand (anything in an interface but `virtual RET
// STDMETHODCALLTYPE Name(params) = 0;`, an unnamed parameter, a name used twice
// in one vtable) stops the build with a message naming the file and line.
// A method returning a struct keeps it as the C function's return value: on the
// System V / AArch64 ABIs a C++ member function and a C function taking `This`
// first return it the same way (DirectX-Headers' C form does the same off Windows).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Method {
  std::string returnType;
  std::string name;
  std::vector<std::string> params;      // as written
  std::vector<std::string> paramNames;  // the last identifier of each
};

struct Interface {
  std::string name, base;
  std::vector<Method> methods;  // its own, in declaration order
  size_t firstLine = 0, lastLine = 0;  // the C++ block, inclusive
};

struct Header {
  std::string path, fileName;
  std::vector<std::string> lines;
  std::vector<Interface> interfaces;
};

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  std::fprintf(stderr, "d3dvk_c_form: %s: %s\n", where.c_str(), what.c_str());
  std::exit(1);
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string collapseSpaces(const std::string& s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::vector<std::string> splitTopLevel(const std::string& s, char sep) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '(' || c == '[') depth++;
    if (c == ')' || c == ']') depth--;
    if (c == sep && depth == 0) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

Method parseMethod(const std::string& decl, const std::string& where) {
  static const std::regex re(R"(^virtual\s+(.+?)\s*\bSTDMETHODCALLTYPE\s+(\w+)\s*\((.*)\)\s*=\s*0$)");
  std::smatch m;
  std::string d = collapseSpaces(decl);
  if (!std::regex_match(d, m, re))
    fail(where, "not a `virtual RET STDMETHODCALLTYPE Name(params) = 0` declaration: " + d);
  Method method{m[1].str(), m[2].str(), {}, {}};
  std::string params = trim(m[3].str());
  if (params.empty() || params == "void") return method;
  static const std::regex nameRe(R"((\w+)\s*(\[[^\]]*\]\s*)*$)");
  for (const std::string& raw : splitTopLevel(params, ',')) {
    std::string p = trim(raw);
    if (p.find('=') != std::string::npos) fail(where, "default argument in " + method.name + ": " + p);
    if (p.find('&') != std::string::npos) fail(where, "reference parameter in " + method.name + ": " + p);
    std::smatch n;
    if (!std::regex_search(p, n, nameRe)) fail(where, "unnamed parameter in " + method.name + ": " + p);
    std::string name = n[1].str();
    std::string before = trim(p.substr(0, p.size() - n[0].length()));
    if (before.empty() || name == "const") fail(where, "unnamed parameter in " + method.name + ": " + p);
    method.params.push_back(p);
    method.paramNames.push_back(name);
  }
  return method;
}

void parseHeader(Header& h) {
  static const std::regex startRe(R"(^(struct\s+)?(I\w+)\s*:\s*public\s+(I\w+)\s*\{\s*(\}\s*;)?\s*$)");
  for (size_t i = 0; i < h.lines.size(); ++i) {
    std::smatch m;
    if (!std::regex_match(h.lines[i], m, startRe)) {
      if (h.lines[i].find(": public I") != std::string::npos)
        fail(h.path + ":" + std::to_string(i + 1), "an interface declaration the generator does not understand");
      continue;
    }
    Interface iface;
    iface.name = m[2].str();
    iface.base = m[3].str();
    iface.firstLine = (i > 0 && h.lines[i - 1].rfind("MIDL_INTERFACE(", 0) == 0) ? i - 1 : i;
    if (m[4].matched) {  // `IFoo : public IBase {};`: no methods of its own
      iface.lastLine = i;
      h.interfaces.push_back(iface);
      continue;
    }
    std::string body;
    size_t j = i + 1;
    for (; j < h.lines.size() && trim(h.lines[j]) != "};"; ++j) {
      std::string line = h.lines[j];
      size_t comment = line.find("//");
      if (comment != std::string::npos) line.resize(comment);
      line = trim(line);
      if (line == "public:") continue;
      body += line + "\n";
    }
    if (j == h.lines.size()) fail(h.path, "interface " + iface.name + " has no closing `};`");
    iface.lastLine = j;
    std::vector<std::string> decls = splitTopLevel(body, ';');
    std::string trailing = trim(decls.back());
    decls.pop_back();
    for (const std::string& d : decls)
      iface.methods.push_back(parseMethod(trim(d), h.path + ":" + std::to_string(i + 1) + " (" + iface.name + ")"));
    if (!trailing.empty())
      fail(h.path + ":" + std::to_string(j + 1), "text after the last method of " + iface.name + ": " + trailing);
    h.interfaces.push_back(iface);
    i = j;
  }
}

using InterfaceTable = std::map<std::string, const Interface*>;

// The methods of `name` in vtable order, with the interface each was declared in.
void allMethods(const InterfaceTable& table, const std::string& name,
                std::vector<std::pair<std::string, const Method*>>& out) {
  static const Method unknown[] = {
      {"HRESULT", "QueryInterface", {"REFIID riid", "void** ppvObject"}, {"riid", "ppvObject"}},
      {"ULONG", "AddRef", {}, {}},
      {"ULONG", "Release", {}, {}},
  };
  if (name == "IUnknown") {
    for (const Method& m : unknown) out.emplace_back("IUnknown", &m);
    return;
  }
  auto it = table.find(name);
  if (it == table.end()) fail(name, "base interface not declared in any d3dvk header: " + name);
  allMethods(table, it->second->base, out);
  for (const Method& m : it->second->methods) out.emplace_back(name, &m);
}

std::string cForm(const InterfaceTable& table, const Interface& iface, const std::string& where) {
  std::vector<std::pair<std::string, const Method*>> methods;
  allMethods(table, iface.name, methods);
  std::set<std::string> seen;
  for (const auto& [owner, m] : methods)
    if (!seen.insert(m->name).second)
      fail(where, iface.name + " has two methods named " + m->name + " (the C vtable needs distinct names)");

  const std::string& I = iface.name;
  std::ostringstream o;
  o << "typedef struct " << I << " " << I << ";\n";
  o << "typedef struct " << I << "Vtbl {\n";
  std::string owner;
  for (const auto& [from, m] : methods) {
    if (from != owner) {
      o << "  /*** " << from << " methods ***/\n";
      owner = from;
    }
    o << "  " << m->returnType << " (STDMETHODCALLTYPE *" << m->name << ")(" << I << "* This";
    for (const std::string& p : m->params) o << ", " << p;
    o << ");\n";
  }
  o << "} " << I << "Vtbl;\n";
  o << "struct " << I << " {\n  CONST_VTBL struct " << I << "Vtbl* lpVtbl;\n};\n";
  o << "#ifdef COBJMACROS\n";
  for (const auto& [from, m] : methods) {
    std::string args = "This";
    for (const std::string& n : m->paramNames) args += ", " + n;
    o << "#define " << I << "_" << m->name << "(" << args << ") ((This)->lpVtbl->" << m->name << "(" << args
      << "))\n";
  }
  o << "#endif\n";
  return o.str();
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot read");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: d3dvk_c_form OUT_DIR HEADER...\n");
    return 2;
  }
  std::string outDir = argv[1];
  std::vector<Header> headers;
  for (int a = 2; a < argc; ++a) {
    Header h;
    h.path = argv[a];
    h.fileName = h.path.substr(h.path.find_last_of('/') + 1);
    std::istringstream text(readFile(h.path));
    for (std::string line; std::getline(text, line);) h.lines.push_back(line);
    headers.push_back(std::move(h));
  }
  InterfaceTable table;
  for (Header& h : headers) parseHeader(h);
  for (const Header& h : headers)
    for (const Interface& i : h.interfaces)
      if (!table.emplace(i.name, &i).second) fail(h.path, "interface declared twice: " + i.name);

  for (const Header& h : headers) {
    std::ostringstream out;
    size_t next = 0;
    for (const Interface& i : h.interfaces) {
      for (; next < i.firstLine; ++next) out << h.lines[next] << "\n";
      out << "#if defined(__cplusplus) && !defined(CINTERFACE)\n";
      for (; next <= i.lastLine; ++next) out << h.lines[next] << "\n";
      out << "#else  // C: generated from the C++ declaration above by d3dvk_c_form\n";
      out << cForm(table, i, h.path);
      out << "#endif\n";
    }
    for (; next < h.lines.size(); ++next) out << h.lines[next] << "\n";
    std::string outPath = outDir + "/" + h.fileName;
    std::ofstream file(outPath, std::ios::binary);
    file << out.str();
    if (!file) fail(outPath, "cannot write");
  }
  return 0;
}
