#!/usr/bin/env python3
"""Functions over 70 lines: `fnlen.py DIR...` prints, longest first, each
function of the Rust files below the folders whose body (from its `fn`
line to its closing brace, strings and comments blanked) is over 70
lines: its length, file, line and name."""
import re,sys,os
FN=re.compile(r'^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"C"\s+)?fn\s+(\w+)')
def strip(src):
    # replace strings/comments/chars with spaces, keep newlines
    out=[];i=0;n=len(src)
    while i<n:
        c=src[i]
        if src.startswith('//',i):
            j=src.find('\n',i); j=n if j<0 else j
            out.append(' '*(j-i)); i=j
        elif src.startswith('/*',i):
            j=src.find('*/',i+2); j=n if j<0 else j+2
            out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j
        elif c=='r' and re.match(r'r#*"',src[i:i+10]) and (i==0 or not (src[i-1].isalnum() or src[i-1]=='_')):
            m=re.match(r'r(#*)"',src[i:]); h=m.group(1)
            j=src.find('"'+h,i+len(m.group(0))); j=n if j<0 else j+1+len(h)
            out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j
        elif c=='"':
            j=i+1
            while j<n and src[j]!='"':
                j+= 2 if src[j]=='\\' else 1
            j+=1
            out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j
        elif c=="'":
            m=re.match(r"'(\\.[^']*|[^\\'])'",src[i:])
            if m:
                out.append(' '*len(m.group(0))); i+=len(m.group(0))
            else:
                out.append(c); i+=1
        else:
            out.append(c); i+=1
    return ''.join(out)
res=[]
for root in sys.argv[1:]:
    for dp,dn,fns in os.walk(root):
        for f in fns:
            if not f.endswith('.rs'): continue
            p=os.path.join(dp,f)
            src=open(p).read(); s=strip(src); lines=s.split('\n')
            offs=[0]
            for l in lines: offs.append(offs[-1]+len(l)+1)
            for ln,l in enumerate(lines):
                m=FN.match(l)
                if not m: continue
                pos=offs[ln]+m.end()
                # find first { or ; at depth 0 of parens
                depth=0;k=pos
                while k<len(s):
                    ch=s[k]
                    if ch in '([<': depth+=1 if ch!='<' else 0
                    if ch in ')]': depth-=1
                    if ch==';' and depth==0: k=-1;break
                    if ch=='{' and depth==0: break
                    k+=1
                if k<0 or k>=len(s): continue
                d=0;j=k
                while j<len(s):
                    if s[j]=='{': d+=1
                    elif s[j]=='}':
                        d-=1
                        if d==0: break
                    j+=1
                end=s.count('\n',0,j)
                res.append((end-ln+1,p,ln+1,m.group(1)))
for r in sorted(res,reverse=True):
    if r[0]>70: print(*r)
